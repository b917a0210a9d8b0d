// @vitest-environment node
// Issue 33, the operator's switches and bonus offers at run time (duty settings, admins only): read,
// changed in part, each change's audit row with what it replaced, written in the change's
// transaction; an offer's body checked exactly as BONUS_OFFERS is (one schema), and what is put
// is what members are offered.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Value } from 'typebox/value'
import { afterEach, describe, expect, it } from 'vitest'
import { BonusOffers } from '../../server/bonus/bonuses'
import { type TestServer, call, expectError, login, startServer, testStorage } from './helpers'
import { auditOf, staffSession, uploadSlip } from './opsHelpers'

let server: TestServer
afterEach(async () => {
  await server?.app.close()
})

describe("the operator's switches", () => {
  it('reads them, changes some, keeps the rest, and records before and after', async () => {
    server = await startServer()
    const admin = await staffSession(server.app, 'admin')
    const before = await call(server.app, 'GET', '/ops/api/settings', { token: admin.token })
    expect(before.body).toMatchObject({ enableChatWidget: false, registerOTP: true, spinActive: false })
    const changed = await call(server.app, 'POST', '/ops/api/settings', {
      token: admin.token, body: { enableChatWidget: true, refund: { percent: 7.5, period: 'day' } }, address: '192.0.2.30',
    })
    expect(changed.body).toEqual({ ...before.body, enableChatWidget: true, refund: { percent: 7.5, period: 'day' } })
    // What the players' API reads, at once on this instance.
    expect((await call(server.app, 'GET', '/api/lookup/enableChatWidget')).body).toMatchObject({ enableChatWidget: true })

    const [row] = await auditOf(server.app, 'settings')
    expect(row).toMatchObject({ staff_id: admin.id, action: 'settings.change', address: '192.0.2.30' })
    expect(JSON.parse(row.before!)).toEqual({ enableChatWidget: false, refund: before.body.refund })
    expect(JSON.parse(row.after!)).toEqual({ enableChatWidget: true, refund: { percent: 7.5, period: 'day' } })
  })

  it('refuses an unknown switch, a wrong value and an empty change, and changes nothing', async () => {
    server = await startServer()
    const admin = await staffSession(server.app, 'admin')
    for (const body of [{ registerOtp: false }, { spinActive: 'yes' }, { refund: { percent: 101, period: 'day' } }, {}]) {
      expect((await call(server.app, 'POST', '/ops/api/settings', { token: admin.token, body })).status, JSON.stringify(body)).toBe(400)
    }
    expect(await auditOf(server.app, 'settings')).toEqual([])
  })
})

const offer = {
  code: 'OPS20', kind: 'bonus', name: 'Ops 20%', type: 'day', maxReceived: 2, percent: 20,
  maxBonusMinor: { THB: 500_00, LAK: 300_000_00 }, turnoverMultiplier: 3, percentFail: 10,
} as const

describe('bonus offers', () => {
  it('adds an offer and changes it by code, offered to members at once, each change recorded with what it replaced', async () => {
    server = await startServer()
    const admin = await staffSession(server.app, 'admin')
    const listed = await call(server.app, 'GET', '/ops/api/bonus-offers', { token: admin.token })
    expect((listed.body.offers as { code: string }[]).length).toBeGreaterThan(0)

    const added = await call(server.app, 'PUT', `/ops/api/bonus-offers/${offer.code}`, { token: admin.token, body: offer })
    expect(added.body).toEqual({ ...offer, description: '', quota: null, active: true, banners: [], sort: 0, claimed: 0 })
    const member = await login(server.app)
    const cards = (await call(server.app, 'GET', '/api/bonus', { token: member })).body as unknown as { code?: string; name?: string }[]
    expect(JSON.stringify(cards)).toContain('Ops 20%')

    const off = await call(server.app, 'PUT', `/ops/api/bonus-offers/${offer.code}`, { token: admin.token, body: { ...offer, name: 'Ops 20% (ended)', active: false } })
    expect(off.body).toMatchObject({ name: 'Ops 20% (ended)', active: false })
    expect(JSON.stringify((await call(server.app, 'GET', '/api/bonus', { token: member })).body)).not.toContain('Ops 20%')

    const rows = await auditOf(server.app, `offer:${offer.code}`)
    expect(rows.map((row) => [row.staff_id, row.action])).toEqual([[admin.id, 'offer.add'], [admin.id, 'offer.change']])
    expect(rows[0].before).toBeNull()
    expect(JSON.parse(rows[1].before!)).toMatchObject({ name: 'Ops 20%', active: true })
    expect(JSON.parse(rows[1].after!)).toMatchObject({ name: 'Ops 20% (ended)', active: false })
  })

  it('checks a body exactly as BONUS_OFFERS is checked, and the code against the path', async () => {
    server = await startServer()
    const admin = await staffSession(server.app, 'admin')
    const bad = [
      { code: 'OPS20', kind: 'bonus' },
      { ...offer, percent: 0 },
      { ...offer, maxBonusMinor: { LAK: 1 } },
      { ...offer, extra: true },
      { ...offer, type: 'month' },
    ]
    for (const body of bad) {
      // The environment refuses it too: one schema.
      expect(Value.Check(BonusOffers, [body])).toBe(false)
      expect((await call(server.app, 'PUT', '/ops/api/bonus-offers/OPS20', { token: admin.token, body })).status, JSON.stringify(body)).toBe(400)
    }
    expect(Value.Check(BonusOffers, [offer])).toBe(true)
    expect(await call(server.app, 'PUT', '/ops/api/bonus-offers/OTHER', { token: admin.token, body: offer })).toMatchObject(expectError(400, 'KEY_INVALID'))
    expect(await auditOf(server.app, 'offer:OPS20')).toEqual([])
    expect(await auditOf(server.app, 'offer:OTHER')).toEqual([])
  })
})

describe('the slip window', () => {
  it('is read and changed whole by an admin, what players are told and what slips meet at once, recorded with what it replaced', async () => {
    // The test clock is noon in Bangkok: the seeded window (23:00 to 00:30) is not now.
    server = await startServer()
    const admin = await staffSession(server.app, 'admin')
    expect((await call(server.app, 'GET', '/ops/api/slip-window', { token: admin.token })).body).toEqual({ closedFrom: '23:00', closedTo: '00:30' })
    const member = await login(server.app)
    expect((await call(server.app, 'GET', '/api/lookup/slip', { token: member })).body).toMatchObject({ isOpen: true })

    const changed = await call(server.app, 'PUT', '/ops/api/slip-window', { token: admin.token, body: { closedFrom: '11:30', closedTo: '12:30' }, address: '192.0.2.31' })
    expect(changed.body).toEqual({ closedFrom: '11:30', closedTo: '12:30' })
    expect((await call(server.app, 'GET', '/api/lookup/slip', { token: member })).body).toEqual({ closedFrom: '11:30', closedTo: '12:30', isOpen: false })
    await expect(uploadSlip(server.app, member)).rejects.toThrow('SLIP_UPLOAD_FAIL')
    await call(server.app, 'PUT', '/ops/api/slip-window', { token: admin.token, body: { closedFrom: '23:00', closedTo: '00:30' } })
    expect(await uploadSlip(server.app, member)).toMatch(/.+/)

    const [row] = await auditOf(server.app, 'slipWindow')
    expect((await auditOf(server.app, 'slipWindow')).length).toBe(2)
    expect(row).toMatchObject({ staff_id: admin.id, action: 'slipWindow.change', address: '192.0.2.31' })
    expect(JSON.parse(row.before!)).toEqual({ closedFrom: '23:00', closedTo: '00:30' })
    expect(JSON.parse(row.after!)).toEqual({ closedFrom: '11:30', closedTo: '12:30' })
  })

  it('needs an admin, refuses a wrong clock, and changes nothing then', async () => {
    server = await startServer()
    const admin = await staffSession(server.app, 'admin')
    const cashier = await staffSession(server.app, 'cashier')
    expect((await call(server.app, 'PUT', '/ops/api/slip-window', { token: cashier.token, body: { closedFrom: '01:00', closedTo: '02:00' } })).status).toBe(403)
    for (const body of [{ closedFrom: '24:00', closedTo: '01:00' }, { closedFrom: '1:00', closedTo: '02:00' }, { closedFrom: '01:00' }, { closedFrom: '01:00', closedTo: '02:00', extra: 1 }]) {
      expect((await call(server.app, 'PUT', '/ops/api/slip-window', { token: admin.token, body })).status, JSON.stringify(body)).toBe(400)
    }
    expect((await call(server.app, 'GET', '/ops/api/slip-window', { token: admin.token })).body).toEqual({ closedFrom: '23:00', closedTo: '00:30' })
    expect(await auditOf(server.app, 'slipWindow')).toEqual([])
  })
})

describe('APP_SETTINGS at a start', () => {
  it("replacing what an admin changed since is in the audit trail, by the environment; a start that changes nothing adds no row", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wallet-settings-'))
    try {
      const storage = await testStorage(dataDir)
      const operator = { settings: { staffTotp: 'admins' as const } }
      server = await startServer({ ...storage, ...operator })
      const admin = await staffSession(server.app, 'admin')
      expect((await call(server.app, 'POST', '/ops/api/settings', { token: admin.token, body: { staffTotp: 'everyone' } })).status).toBe(200)
      await server.app.close()

      server = await startServer({ ...storage, ...operator })
      expect((await call(server.app, 'GET', '/api/lookup/enableChatWidget')).status).toBe(200)
      const rows = await auditOf(server.app, 'settings')
      expect(rows.map((row) => [row.staff_id, row.address, JSON.parse(row.before!), JSON.parse(row.after!)])).toEqual([
        [admin.id, expect.any(String), { staffTotp: 'admins' }, { staffTotp: 'everyone' }],
        [null, 'APP_SETTINGS', { staffTotp: 'everyone' }, { staffTotp: 'admins' }],
      ])
      await server.app.close()

      server = await startServer({ ...storage, ...operator })
      expect(await auditOf(server.app, 'settings')).toHaveLength(2)
    } finally {
      await server?.app.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
