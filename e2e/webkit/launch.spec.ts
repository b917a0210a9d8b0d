// The WebKit fixture's bound on a browser's set-up (webdriver.ts, WebKitPage.open), against a
// stand-in WebKitWebDriver that answers a new session and then never answers its page's load: what
// a loaded machine did in two full runs. No MiniBrowser is started.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { WebKitPage } from './webdriver'

/** A driver whose sessions answer every command but `/url` in the first `hanging` of them. */
async function standInDriver(hanging: number) {
  const made: string[] = []
  const ended: string[] = []
  const held: ServerResponse[] = []
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const answer = (value: unknown) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ value }))
    request.resume()
    request.on('end', () => {
      const [, , session, ...command] = (request.url ?? '').split('/')
      if (request.method === 'POST' && !session) {
        made.push(`s${made.length + 1}`)
        return answer({ sessionId: made.at(-1) })
      }
      if (request.method === 'DELETE') {
        ended.push(session)
        return answer(null)
      }
      if (command.join('/') === 'url' && made.indexOf(session) < hanging) return void held.push(response)
      return answer(null)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    made,
    ended,
    async close() {
      for (const response of held) response.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

test.describe('a MiniBrowser that is not ready in time', () => {
  test('is closed and another opened, once, and the test goes on with it', async () => {
    const driver = await standInDriver(1)
    try {
      let relaunched = 0
      const page = await WebKitPage.open(driver.url, 'http://127.0.0.1:1/', {
        setUp: (opened) => opened.goto('/config.json'),
        relaunched: () => void (relaunched += 1),
        readyMs: 1_000,
      })
      expect(relaunched).toBe(1)
      expect(driver.made).toEqual(['s1', 's2'])
      expect(driver.ended).toEqual(['s1'])
      // Once ready, its commands are the test's to bound: the set-up's bound no longer applies.
      await page.close()
      expect(driver.ended).toEqual(['s1', 's2'])
    } finally {
      await driver.close()
    }
  })

  test('twice fails the test, saying so', async () => {
    const driver = await standInDriver(2)
    try {
      await expect(WebKitPage.open(driver.url, 'http://127.0.0.1:1/', {
        setUp: (opened) => opened.goto('/config.json'),
        relaunched: () => undefined,
        readyMs: 1_000,
      })).rejects.toThrow('MiniBrowser was not ready within 1 s, twice')
      expect(driver.ended).toEqual(['s1', 's2'])
    } finally {
      await driver.close()
    }
  })
})
