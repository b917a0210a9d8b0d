// A messenger's API or a push service as the notify tests play it (issue 50): real HTTP on
// loopback, every request kept (its path, headers and body: JSON unless `parse` says otherwise),
// each answered from `answers` in turn, else `ok`.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received<Body> { path: string; headers: IncomingHttpHeaders; body: Body }
export type Answer = { status: number; body: unknown; headers?: Record<string, string> } | 'hang'

export class FakeApi<Body> {
  received: Received<Body>[] = []
  answers: Answer[] = []
  url = ''
  private server!: Server

  constructor(
    private readonly ok: (received: Received<Body>) => Exclude<Answer, 'hang'>,
    private readonly parse: (body: Buffer) => Body = (body) => JSON.parse(body.toString('utf8')) as Body,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const received = { path: request.url ?? '', headers: request.headers, body: this.parse(Buffer.concat(chunks)) }
        this.received.push(received)
        const answer = this.answers.shift() ?? this.ok(received)
        if (answer === 'hang') return
        response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.body))
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
