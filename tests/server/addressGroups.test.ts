// @vitest-environment node
// Issue 27: the per-address limits count an IPv6 client by its /64 (a subscriber holds a whole
// one, so each of its addresses apart would be 2^64 fresh limits) and an IPv4-mapped address as
// its IPv4 address, through one helper (server/shared/address.ts) that every per-address limit uses:
// sign-in, OTP send and verify, the registration checks and the chat.
import { afterEach, describe, expect, it } from 'vitest'
import { addressGroup } from '../../server/shared/address'
import { newGuestId, textMessage } from './chatHelpers'
import { DEMO, type TestServer, call, startServer } from './helpers'

let server: TestServer | undefined
afterEach(async () => {
  await server?.app.close()
  server = undefined
})

describe('addressGroup', () => {
  it('keeps an IPv4 address, and groups IPv6 by its /64', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7')
    expect(addressGroup('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64')
    expect(addressGroup('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64')
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressGroup('::1')).toBe('0:0:0:0::/64')
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressGroup('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
  })

  it('takes an IPv4-mapped IPv6 address as its IPv4 address, and anything else as itself', () => {
    expect(addressGroup('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(addressGroup('::FFFF:c000:0201')).toBe('192.0.2.1')
    expect(addressGroup('not-an-address')).toBe('not-an-address')
  })
})

describe('the per-address limits count a /64 once', () => {
  const in64 = (i: number) => `2001:db8:aa:bb:${i.toString(16)}::${i}`

  it('OTP sends', async () => {
    server = await startServer({ limits: { otpPerAddress: 3 } })
    const send = (address: string, n: number) => call(server!.app, 'POST', '/api/otp/send', { body: { phoneNumber: `09100000${10 + n}` }, address })
    for (let i = 0; i < 3; i++) expect((await send(in64(i), i)).status).toBe(200)
    expect(await send(in64(3), 3)).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT' } })
    expect((await send('2001:db8:aa:bc::1', 4)).status).toBe(200)
    expect(server.sms).toHaveLength(4)
  })

  it('OTP code checks and registration checks', async () => {
    server = await startServer({ limits: { otpVerifyPerAddress: 2, accountPerAddress: 2 } })
    const verify = (address: string) => call(server!.app, 'POST', '/api/otp/verify', { body: { otpToken: 'not-a-token', otpCode: '123456' }, address })
    const validate = (address: string) => call(server!.app, 'POST', '/api/account/validate', { body: { name: 'X', username: DEMO.phone, password: 'secret99' }, address })
    for (const check of [verify, validate]) {
      for (let i = 0; i < 2; i++) expect((await check(in64(i))).status).toBe(400)
      expect((await check(in64(2))).status).toBe(429)
      expect((await check('2001:db8:aa:bc::1')).status).toBe(400)
    }
  })

  it('chat messages across rooms', async () => {
    server = await startServer({ limits: { chatMessages: 100, chatMessagesPerAddress: 3 } })
    const send = (address: string, text: string) =>
      call(server!.app, 'POST', '/api/chat/send-message', { body: { guestId: newGuestId(), message: textMessage(text) }, address })
    for (let i = 0; i < 3; i++) expect((await send(in64(i), String(i))).status).toBe(200)
    expect(await send(in64(3), '3')).toMatchObject({ status: 429, body: { message: 'REQUEST_LIMIT' } })
    expect((await send('::ffff:192.0.2.1', 'v4')).status).toBe(200)
  })
})
