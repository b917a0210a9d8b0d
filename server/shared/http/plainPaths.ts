// Every check the server makes on a request's path before its route (production's mark, a
// terminated service, the API's no-store, the console's policy) reads the path as it came. The
// router reads it decoded: `/%61pi/wallet/withdraw` is `/api/wallet/withdraw` to it and to nothing
// else, so a player withdrew from a terminated service and a demo process paid QR codes on
// production's database through such disguises. A character that needs no escaping (a letter, a
// digit, `-._~`) is never escaped by a browser, a LIFF or Telegram client, nor by the app: a path
// that escapes one names no route (404 NO_DATA, as a dotfile's), before any other hook reads it.
import type { FastifyInstance } from 'fastify'
import { errorBody } from './errors'
import { pathOf } from './gone'

const ESCAPE = /%([0-9a-fA-F]{2})/g
const PLAIN = /[\w.~-]/

/** Whether the path (before `?`) escapes a character that needs no escaping. */
export function disguisedPath(url: string): boolean {
  const path = pathOf(url)
  if (!path.includes('%')) return false
  for (const [, hex] of path.matchAll(ESCAPE)) if (PLAIN.test(String.fromCharCode(parseInt(hex, 16)))) return true
  return false
}

/** Registered before every other request hook: the checks after it may read the path as it came. */
export function refuseDisguisedPaths(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (disguisedPath(request.url)) {
      // Before the security headers' hook: an API refusal is never kept, as theirs are not.
      void reply.code(404).header('cache-control', 'no-store').send(errorBody('NO_DATA'))
      return
    }
    done()
  })
}
