import { describe, expect, it } from 'vitest'
import { inviteCodeFor, inviteCodeFromText, inviteCodeInput, parseInviteCode } from '../../src/lib/inviteCode'

const HEX_ID = '5f8d0d55b54764421b7156c9'
const HEX_CODE = `PR${HEX_ID}`

describe('parseInviteCode', () => {
  it.each([
    ['PR123', 'PR123'],
    ['pr123', 'PR123'],
    ['  PR42  ', 'PR42'],
    [HEX_CODE, HEX_CODE],
    [`pr${HEX_ID}`, HEX_CODE],
    ['PRAbC_d-9', 'PRAbC_d-9'],
    [`PR${'a'.repeat(62)}`, `PR${'a'.repeat(62)}`],
  ])('takes %j as %j, keeping the case of the id', (text, code) => {
    expect(parseInviteCode(text)).toBe(code)
  })

  it.each(['', 'PR', '123', 'XY123', `PR${'a'.repeat(63)}`, 'PR12 34', 'PR12.3', 'PR12/3', 'PRé1'])('refuses %j', (text) => {
    expect(parseInviteCode(text)).toBeNull()
  })

  it('builds the code of a member id as it is', () => {
    expect(inviteCodeFor(HEX_ID)).toBe(HEX_CODE)
    expect(parseInviteCode(inviteCodeFor(HEX_ID))).toBe(HEX_CODE)
  })
})

describe('inviteCodeFromText: one parser for every source', () => {
  it.each([
    ['a bare code', HEX_CODE],
    ['?code= of a register link', `https://wallet.test/register?code=${HEX_CODE}`],
    ['a LIFF link', `https://liff.line.me/2000000000-abc/register?code=${HEX_CODE}`],
    ['liff.state', `https://wallet.test/?liff.state=${encodeURIComponent(`/register?code=${HEX_CODE}`)}`],
    ['liff.state with only a query', `https://wallet.test/?liff.state=${encodeURIComponent(`?code=${HEX_CODE}`)}`],
    ['a t.me startapp link', `https://t.me/wallet_bot/wallet?startapp=${HEX_CODE}`],
    ['Telegram launch parameters in the hash', `https://wallet.test/#tgWebAppStartParam=${HEX_CODE}&tgWebAppPlatform=ios`],
  ])('reads %s', (_, text) => {
    expect(inviteCodeFromText(text)).toBe(HEX_CODE)
  })

  it.each(['', 'hello world', 'https://wallet.test/register', 'https://wallet.test/register?code=XY1',
    `https://wallet.test/?liff.state=${encodeURIComponent('/user/home')}`, 'not a url ://'])('finds nothing in %j', (text) => {
    expect(inviteCodeFromText(text)).toBeNull()
  })
})

describe('inviteCodeInput', () => {
  it('drops spaces and writes the prefix PR, keeping the id as typed', () => {
    expect(inviteCodeInput(` pr${HEX_ID} `)).toBe(HEX_CODE)
    expect(inviteCodeInput('Pr 12ab')).toBe('PR12ab')
    expect(inviteCodeInput('12ab')).toBe('12ab')
  })
})
