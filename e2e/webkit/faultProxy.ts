// What the WebKit tests put between MiniBrowser and the reference server (issue 48): WebDriver has no
// way to cut a page's network or fail one of its requests, as Playwright's routes do, so the page
// loads the app through this proxy, which the test tells to drop everything (the network is gone) or
// the requests whose path matches a pattern (a chunk that cannot come). The socket's upgrade passes
// through as well, and is cut with the rest.
import { createServer, request as forward, type IncomingMessage } from 'node:http'
import { connect, type Socket } from 'node:net'

export interface FaultProxy {
  /** Where the page loads the app from. */
  url: string
  /** Offline: every open connection is cut and every new request is dropped, until online again. */
  setOffline(offline: boolean): void
  /** Drops the requests whose path matches `path` until `allow` is called. */
  fail(path: RegExp): { allow: () => void; dropped: () => number }
  close(): Promise<void>
}

export async function startFaultProxy(port: number, target: number): Promise<FaultProxy> {
  let offline = false
  const failing = new Set<{ path: RegExp; count: number }>()
  const sockets = new Set<Socket>()
  const dropped = (request: IncomingMessage): boolean => {
    if (offline) return true
    for (const rule of failing) {
      if (rule.path.test(request.url ?? '')) {
        rule.count += 1
        return true
      }
    }
    return false
  }

  const server = createServer((request, response) => {
    const drop = dropped(request)
    if (drop) {
      request.socket.destroy()
      return
    }
    const upstream = forward({ host: '127.0.0.1', port: target, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    })
    upstream.on('error', () => request.socket.destroy())
    request.pipe(upstream)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  // The chat's WebSocket: its bytes pass through untouched.
  server.on('upgrade', (request, socket, head) => {
    if (dropped(request)) {
      socket.destroy()
      return
    }
    const upstream = connect(target, '127.0.0.1', () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`, ...Object.entries(request.headers).map(([key, value]) => `${key}: ${String(value)}`)]
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
      upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    const end = () => {
      upstream.destroy()
      socket.destroy()
    }
    upstream.on('error', end)
    socket.on('error', end)
    socket.on('close', end)
    upstream.on('close', end)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))

  return {
    url: `http://localhost:${port}`,
    setOffline(value) {
      offline = value
      if (value) for (const socket of sockets) socket.destroy()
    },
    fail(path) {
      const rule = { path, count: 0 }
      failing.add(rule)
      return { allow: () => failing.delete(rule), dropped: () => rule.count }
    },
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    }),
  }
}
