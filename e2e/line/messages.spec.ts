// Issue 50 in LINE, against the real server: a member whose LINE is linked and who is a friend of
// the official account (the LIFF mock's getFriendship, which the app reads at start and tells the
// server) gets the official account's push when their withdrawal is paid, its button opening the
// LIFF app on the statement. The pushes go to the server's own stand-in of the Messaging API
// (/dev/line-api), which keeps them, once per retry key, as LINE does.
import type { APIRequestContext, Page } from '@playwright/test'
import en from '../../contract/locales/en.json' with { type: 'json' }
import { devPost, expect, LIFF_ID, test } from '../fixtures'
import { lineIdToken, lineOn, linkThroughApi, messengerUser } from '../shared/identity'
import { fund, memberHeaders, registerMember, signedIn } from '../walletMembers'

interface Pushed { to: string; retryKey: string; messages: { altText: string; template: { text: string; actions: { type: string; label: string; uri: string }[] } }[] }

const pushes = async (request: APIRequestContext, to: string): Promise<Pushed[]> =>
  ((await (await request.get(`/dev/line-api/messages?to=${to}`)).json()) as { messages: Pushed[] }).messages

/** LIFF as LINE gives it to this page: logged in, with the ID token, and a friend of the official account or not. */
async function liffOf(page: Page, idToken: string, friendFlag: boolean): Promise<void> {
  await page.addInitScript(({ token, friend }) => {
    let held: unknown
    Object.defineProperty(window, 'liff', {
      configurable: true,
      get: () => held,
      set(value: { $mock: { set(data: (previous: object) => object): void } }) {
        value.$mock.set((previous) => ({ ...previous, isLoggedIn: true, getIDToken: token, getFriendship: { friendFlag: friend } }))
        held = value
      },
    })
  }, { token: idToken, friend: friendFlag })
}

test.afterEach(async ({ request }) => {
  await devPost(request, '/dev/notify', { appUrl: null })
})

test("a paid withdrawal reaches a friend of the official account on LINE: the push, with a button opening the LIFF app on the statement", async ({ page, request, baseURL }) => {
  await lineOn(request, baseURL!)
  await devPost(request, '/dev/notify', { appUrl: `${baseURL}/`, lineApiUrl: `${baseURL!.replace('localhost', '127.0.0.1')}/dev/line-api` })
  const member = await registerMember(request)
  await fund(request, member, 500)
  const sub = `U${messengerUser()}`
  await linkThroughApi(request, member, 'line', await lineIdToken(request, sub))
  // Not known to be a friend yet: nothing goes to LINE.
  expect(await pushes(request, sub)).toEqual([])

  await liffOf(page, await lineIdToken(request, sub), true)
  await signedIn(page, member)
  await page.goto('/user/home')
  await expect(page.getByTestId('total-balance')).toBeVisible()
  // The app read the friendship from LIFF and told the server.
  await expect.poll(async () => {
    const answer = await request.get('/api/notifications/channels', { headers: memberHeaders(member.token) })
    return ((await answer.json()) as { channels: { channel: string; allowed: boolean | null }[] }).channels
  }).toEqual([expect.objectContaining({ channel: 'line', allowed: true })])

  const asked = await request.post('/api/wallet/withdrawAll', { headers: memberHeaders(member.token), data: { amount: 100 } })
  expect(asked.ok(), await asked.text()).toBeTruthy()
  const { withdrawal } = (await asked.json()) as { withdrawal: { id: string } }
  await devPost(request, `/dev/withdrawals/${withdrawal.id}`, { status: 'paid' })
  await expect.poll(() => pushes(request, sub), { timeout: 20_000 }).toHaveLength(1)
  const [push] = await pushes(request, sub)
  const [message] = push.messages
  // The language the app speaks in LINE (the mock's app language is English): the bell told the server.
  expect(message.template.text.split('\n')).toEqual([en.notifications.kind.withdrawal_paid, expect.stringMatching(/^−฿100\.00 · /)])
  expect(message.template.actions).toEqual([{ type: 'uri', label: en.notifications.messageButton, uri: `https://liff.line.me/${LIFF_ID}/user/statement` }])
  expect(push.retryKey).toMatch(/^[0-9a-f-]{36}$/)
})
