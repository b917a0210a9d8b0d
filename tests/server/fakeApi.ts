// A messenger's API as the notify tests play it (issue 50): real HTTP on loopback, every request
// kept (its path, headers and JSON body), each answered from `answers` in turn, else `ok`.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received<Body> { path: string; headers: IncomingHttpHeaders; body: Body }
export type Answer = { status: number; body: unknown } | 'hang'

export class FakeApi<Body> {
  received: Received<Body>[] = []
  answers: Answer[] = []
  url = ''
  private server!: Server

  constructor(private readonly ok: (received: Received<Body>) => { status: number; body: unknown }) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let text = ''
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
      request.on('end', () => {
        const received = { path: request.url ?? '', headers: request.headers, body: JSON.parse(text) as Body }
        this.received.push(received)
        const answer = this.answers.shift() ?? this.ok(received)
        if (answer === 'hang') return
        response.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body))
      })
    })
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise((resolve) => this.server.close(resolve))
  }
}
