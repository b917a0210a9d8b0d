// @vitest-environment node
// Issue 33 §3: demo mode's bank plays the other side of the counter, so a newcomer's QR, slip,
// gift link and withdrawal reach their end; it takes the staff's path (the same decisions, an
// audit row as `demo bank`), waits as a bank would, and never runs in production.
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_DELAYS, demoBankPass } from '../../server/demo/counterparty'
import { demoBankEvery } from '../../server/demo/keep'
import { sql } from 'kysely'
import { ProductionArrived, markProduction } from '../../server/seed/productionMark'
import { LOCKS } from '../../server/shared/db'
import { type TestServer, START, call, holdLock, login, onPostgres, registerMember, startServer } from './helpers'
import { balanceOf, DEMO_START_MINOR, encryptLink, giftLink } from './depositHelpers'
import { auditOf, requestWithdrawal, staffSession, uploadSlip } from './opsHelpers'
import { DEMO_AGENT_DELAY_MS } from '../../server/demo/agent'
import { chatHistory, newGuestId, sendMessage, textMessage } from './chatHelpers'

let server: TestServer
afterEach(async () => {
  await server?.app.close()
})

const pass = () => demoBankPass(server.app.serverContext)
const wallet = async (token: string) => (await call(server.app, 'GET', '/api/wallet', { token })).body.wallet

describe('the demo bank', () => {
  it('pays a QR a few seconds after it is shown, not before, once', async () => {
    server = await startServer()
    const member = await login(server.app)
    const qr = await call(server.app, 'POST', '/api/qrcode/KBANK', { token: member, body: { amount: 300 } })
    expect(qr.status, JSON.stringify(qr.body)).toBe(200)
    server.advance(DEMO_DELAYS.qr - 1)
    expect(await pass()).toEqual({ qrs: 0, slips: 0, withdrawals: 0 })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR)
    server.advance(2)
    expect(await pass()).toEqual({ qrs: 1, slips: 0, withdrawals: 0 })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 300_00)
    expect(await pass()).toEqual({ qrs: 0, slips: 0, withdrawals: 0 })
    const [row] = await auditOf(server.app, `qr:${qr.body.qrcodeId as string}`)
    expect(row).toMatchObject({ staff_id: null, action: 'qr.paid', address: 'demo bank' })
  })

  it('approves a slip and redeems a gift link after a short wait, in the member\'s money', async () => {
    server = await startServer()
    const member = await login(server.app)
    const slip = await uploadSlip(server.app, member)
    const gift = await call(server.app, 'POST', '/api/wallet/truelink', { token: member, body: { link: encryptLink(giftLink('0123456789abcdefABCD')) } })
    expect(gift.status, JSON.stringify(gift.body)).toBe(200)
    await call(server.app, 'POST', '/dev/config', { body: { variant: 'la' } })
    const kip = await registerMember(server.app, {
      username: '2055512399', name: 'Khamla Phommavong', bankCode: 'BCEL', bankAccountName: 'khamla phommavong', bankAccountNo: '0101999999990', currency: 'LAK',
    })
    const kipSlip = await uploadSlip(server.app, kip)
    server.advance(DEMO_DELAYS.slip - 1)
    expect((await pass()).slips).toBe(0)
    server.advance(2)
    expect((await pass()).slips).toBe(3)
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR + 100_00 + 50_00)
    expect(await wallet(kip)).toEqual({ amount: 100_000, currency: 'LAK' })
    for (const reference of [slip, gift.body.reference as string, kipSlip]) {
      expect((await auditOf(server.app, `slip:${reference}`)).map((row) => [row.action, row.address])).toEqual([['slip.approve', 'demo bank']])
    }
    expect((await call(server.app, 'POST', `/dev/slips/${slip}`, { body: { status: 'failed', note: 'NOT_MATCH' } })).status).toBe(409)
  })

  it('pays a withdrawal after a minute, with a bank reference, and leaves one in review to staff', async () => {
    server = await startServer()
    const member = await login(server.app)
    const id = await requestWithdrawal(server.app, member, 200)
    server.advance(DEMO_DELAYS.withdrawal - 1)
    expect((await pass()).withdrawals).toBe(0)
    server.advance(2)
    expect((await pass()).withdrawals).toBe(1)
    const stored = await server.app.serverContext.db.selectFrom('withdrawals').select(['status', 'bank_reference']).where('id', '=', Number(id)).executeTakeFirstOrThrow()
    expect(stored).toEqual({ status: 'paid', bank_reference: `DEMO-${id}` })
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR - 200_00)
    expect((await auditOf(server.app, `withdrawal:${id}`)).map((row) => [row.action, row.address])).toEqual([['withdrawal.paid', 'demo bank']])

    // A new payout account puts what follows in review: the demo bank leaves that to staff.
    expect((await call(server.app, 'PUT', '/api/account/profile', { token: member, body: { name: 'DEMO PLAYER', bankCode: 'SCB', bankAccountName: 'DEMO PLAYER', bankAccountNo: '5556667770' } })).status).toBe(200)
    await requestWithdrawal(server.app, member, 100)
    server.advance(DEMO_DELAYS.withdrawal + 1)
    expect((await pass()).withdrawals).toBe(0)
  })

  it('runs by itself in demo mode, and never in production whatever it is told', async () => {
    expect(demoBankEvery('demo', undefined)).toBeGreaterThan(0)
    expect(demoBankEvery('production', undefined)).toBe(0)
    expect(demoBankEvery('production', 100)).toBe(0)
    expect(demoBankEvery('test', undefined)).toBe(0)
    expect(demoBankEvery('dev', 100)).toBe(100)

    // Its timer at work, in test mode where it is asked for: the QR is paid without a pass called here.
    server = await startServer({ demoBankMs: 20 })
    const member = await login(server.app)
    const qr = await call(server.app, 'POST', '/api/qrcode/KBANK', { token: member, body: { amount: 120 } })
    expect(qr.status).toBe(200)
    server.setTime(START + DEMO_DELAYS.qr + 1)
    await expect.poll(() => balanceOf(server.app), { timeout: 30_000 }).toBe(DEMO_START_MINOR + 120_00)
  })

  /** The demo member with a QR, a slip and a withdrawal waiting, each past the demo bank's wait. */
  async function allDue() {
    server = await startServer()
    const member = await login(server.app)
    const qr = await call(server.app, 'POST', '/api/qrcode/KBANK', { token: member, body: { amount: 300 } })
    expect(qr.status, JSON.stringify(qr.body)).toBe(200)
    const slip = await uploadSlip(server.app, member)
    const withdrawal = await requestWithdrawal(server.app, member, 200)
    server.advance(DEMO_DELAYS.withdrawal + 1)
    return { db: server.app.serverContext.db, items: [`qr:${qr.body.qrcodeId as string}`, `slip:${slip}`, `withdrawal:${withdrawal}`] }
  }

  /** Nothing the demo bank decides reached the books: the balance as the withdrawal left it, no audit row of its. */
  async function nothingDecided(items: string[]) {
    expect(await balanceOf(server.app)).toBe(DEMO_START_MINOR - 200_00)
    for (const item of items) expect(await auditOf(server.app, item)).toEqual([])
  }

  it("decides nothing once production's mark is in, though its pass looked before the mark: each decision looks again in its transaction", async () => {
    const { db, items } = await allDue()
    // A pass whose own look (keep.ts) found no mark, and the mark landing after that look.
    await markProduction(db, Date.now())
    await expect(pass()).rejects.toBeInstanceOf(ProductionArrived)
    await nothingDecided(items)
  })

  if (onPostgres()) {
    it("on PostgreSQL, a decision under way when production's mark is being written waits for it and then decides nothing", async () => {
      const { db, items } = await allDue()
      // Production's start holding the mark's lock, its mark written, not yet committed.
      const marking = await holdLock(db, async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${sql.lit(LOCKS.productionMark)})`.execute(trx)
        await trx.insertInto('database_marks').values({ name: 'production', at: Date.now() }).execute()
      })
      const passing = pass()
      passing.catch(() => undefined)
      await marking.queued(1)
      await marking.release()
      await expect(passing).rejects.toBeInstanceOf(ProductionArrived)
      await nothingDecided(items)
    })
  }

describe('the demo agent', () => {
  const agentTypes = async (guestId: string) => {
    const items = (await chatHistory(server.app, { guestId }, 20)).body as unknown as { sender: string; message: { message_type: string } }[]
    return items.filter((item) => item.sender !== 'customer').map((item) => item.message.message_type).reverse()
  }

  it('answers the first message of a conversation with a greeting, buttons and quick replies, once a session', async () => {
    server = await startServer({ demoBankMs: 20 })
    const guestId = newGuestId()
    expect((await sendMessage(server.app, { guestId }, textMessage('สวัสดีค่ะ'))).status).toBe(200)
    server.advance(DEMO_AGENT_DELAY_MS)
    await expect.poll(() => agentTypes(guestId)).toEqual(['text', 'buttons', 'quick_replies'])
    const [row] = (await server.app.serverContext.db.selectFrom('ops_audit').selectAll().where('address', '=', 'demo agent').execute())
    expect(row).toMatchObject({ staff_id: null, action: 'chat.reply' })

    // The player's next message in the same session waits for a person; a session a staff member
    // ended starts again with a greeting.
    expect((await sendMessage(server.app, { guestId }, textMessage('ขอคุยกับเจ้าหน้าที่'))).status).toBe(200)
    server.advance(DEMO_AGENT_DELAY_MS)
    const support = await staffSession(server.app, 'support')
    const inbox = await call(server.app, 'GET', '/ops/api/chat?state=waiting', { token: support.token })
    const conversation = (inbox.body.conversations as { id: string; sessionId: string; lastMessage: { message: { payload: unknown } } }[])
      .find((c) => c.lastMessage.message.payload === 'ขอคุยกับเจ้าหน้าที่')!
    expect((await call(server.app, 'POST', `/ops/api/chat/${conversation.id}/end`, { token: support.token, body: { sessionId: conversation.sessionId } })).status).toBe(200)
    expect((await sendMessage(server.app, { guestId }, textMessage('สวัสดีอีกครั้ง'))).status).toBe(200)
    server.advance(DEMO_AGENT_DELAY_MS)
    await expect.poll(async () => (await agentTypes(guestId)).length).toBeGreaterThanOrEqual(6)
    expect(await agentTypes(guestId)).toEqual(['text', 'buttons', 'quick_replies', 'text', 'buttons', 'quick_replies'])
  })
})
})
