/**
 * Makes the upgrade test's fixture: a database created and filled by THIS release, to be migrated
 * by the next one (tests/server/upgrade.test.ts). Run it at a release's commit, then commit what it
 * writes under tests/server/fixtures/upgrade/ in the next release:
 *
 *   node --import tsx scripts/upgrade-fixture.ts <release>            # SQLite: <release>.sqlite.gz
 *   DATABASE_URL=postgresql://... node --import tsx scripts/upgrade-fixture.ts <release>
 *                                  # PostgreSQL: then pg_dump --inserts that database into <release>.pg.sql.gz
 *
 * It drives the server only through its HTTP routes (spec 7 and /dev), so it runs on any release:
 * members (one in the Lao variant with kip), deposits by QR, slip and gift link (paid, waiting and
 * refused), game accounts and transfers, rounds lost with their refund received, withdrawals paid,
 * failed and waiting, and a bank account change. It writes what every member holds as this
 * release reports it (`<release>.json`), which the upgrade test expects to find again.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildServer } from '../server/app'

const release = process.argv[2]
if (!release || !/^[\w.-]+$/.test(release)) throw new Error('usage: upgrade-fixture.ts <release>')
const outDir = join('tests', 'server', 'fixtures', 'upgrade')
mkdirSync(outDir, { recursive: true })

/** A fixed clock, moved by hand, so two runs make the same rows. */
let now = Date.parse('2026-06-01T05:00:00Z')
const databaseUrl = process.env.DATABASE_URL || undefined
const dataDir = join('.data', `upgrade-fixture-${release}`)
rmSync(dataDir, { recursive: true, force: true })

const app = await buildServer({
  dataDir,
  databaseUrl,
  mode: 'test',
  passwordCost: { N: 2 ** 10, r: 8, p: 1 },
  staticDir: '/nonexistent-static-dir',
  now: () => now,
  sms: { async sendOtp() {} },
})

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method,
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  })
  const parsed = response.body ? JSON.parse(response.body) as Record<string, unknown> : {}
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
  return parsed
}

const login = async (username: string, password: string) => (await call('POST', '/api/login', undefined, { username, password })).token as string

/** CryptoJS.AES.encrypt(text, secret).toString(), as the app sends a gift link. */
function cryptoJsAes(text: string, secret: string): string {
  const salt = randomBytes(8)
  const blocks: Buffer[] = []
  let previous = Buffer.alloc(0)
  while (Buffer.concat(blocks).length < 48) {
    previous = createHash('md5').update(Buffer.concat([previous, Buffer.from(secret), salt])).digest()
    blocks.push(previous)
  }
  const bytes = Buffer.concat(blocks)
  const cipher = createCipheriv('aes-256-cbc', bytes.subarray(0, 32), bytes.subarray(32, 48))
  return Buffer.concat([Buffer.from('Salted__'), salt, cipher.update(text, 'utf8'), cipher.final()]).toString('base64')
}

/** A tiny PNG whose bytes differ per `seed` (a different slip each). */
function png(seed: number): Buffer {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([header, Buffer.from(`slip-${seed}-${'x'.repeat(64)}`)])
}

async function uploadSlip(token: string, seed: number): Promise<string> {
  const response = await app.inject({
    method: 'POST', url: '/api/wallet/slip', payload: png(seed),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
  })
  if (response.statusCode !== 200) throw new Error(`slip: ${response.body}`)
  return (JSON.parse(response.body) as { reference: string }).reference
}

const step = () => { now += 60_000 }

await call('POST', '/dev/settings', undefined, { registerOTP: false })
const members = [
  { username: '0811111111', password: 'first111', bankAccountNo: '1111111111', name: 'ARIYA FIRST' },
  { username: '0822222222', password: 'second22', bankAccountNo: '2222222222', name: 'BUNMA SECOND' },
]
for (const member of members) {
  await call('POST', '/api/account', undefined, {
    name: member.name, username: member.username, password: member.password, sourceCode: 'FACEBOOK', inviteCode: 'PR123',
    bankCode: 'SCB', bankAccountName: member.name, bankAccountNo: member.bankAccountNo, currency: 'THB',
  })
  step()
}
// A Lao member with kip: the variant is runtime config.
await call('POST', '/dev/config', undefined, { variant: 'la' })
const lao = { username: '02055555555', password: 'laokip55', bankAccountNo: '5555555555', name: 'KHAM LAO' }
await call('POST', '/api/account', undefined, {
  name: lao.name, username: lao.username, password: lao.password, sourceCode: 'FACEBOOK', inviteCode: '',
  bankCode: 'BCEL', bankAccountName: lao.name, bankAccountNo: lao.bankAccountNo, currency: 'LAK',
})
await call('DELETE', '/dev/config')

const demo = await login('0812345678', 'demo1234')
const first = await login(members[0].username, members[0].password)
const second = await login(members[1].username, members[1].password)
const laoToken = await login(lao.username, lao.password)

// Deposits: a QR paid, a QR left open; a slip approved, one refused, one waiting; a gift link approved.
const qr = await call('POST', '/api/qrcode/KBANK', first, { amount: 500 }, { 'idempotency-key': 'fixture-qr-1' })
await call('POST', `/dev/qrcode/${qr.qrcodeId as string}/pay`)
step()
await call('POST', '/api/qrcode/WW', first, { amount: 150 })
const slipPaid = await uploadSlip(second, 1)
await call('POST', `/dev/slips/${slipPaid}`, undefined, { status: 'success', amount: 800, refNo: 'BANKREF0001' })
const slipRefused = await uploadSlip(second, 2)
await call('POST', `/dev/slips/${slipRefused}`, undefined, { status: 'failed', note: 'EXPIRED_SLIP' })
await uploadSlip(second, 3)
const { truelinkSecret } = await call('GET', '/config.json') as { truelinkSecret: string }
const gift = await call('POST', '/api/wallet/truelink', first, { link: cryptoJsAes('https://gift.truemoney.com/campaign/?v=FIXTURE0000000001', truelinkSecret) })
await call('POST', `/dev/slips/${gift.reference as string}`, undefined, { status: 'success', amount: 20 })
await call('POST', '/dev/refunds', undefined, { username: lao.username, amount: 1000 })
step()

// Games: accounts, transfers both ways, a round lost (a refund accrues and is received), a round won.
for (const token of [demo, first, second]) await call('GET', '/api/wallet/activate/PG', token)
await call('GET', '/api/wallet/activate/JOKER', first)
await call('GET', '/api/wallet/activate/PG', laoToken)
await call('POST', '/api/wallet/transfer', demo, { from: 'WALLET', to: 'PG', amount: 300 }, { 'idempotency-key': 'fixture-transfer-1' })
await call('POST', '/api/wallet/transfer', demo, { from: 'PG', to: 'WALLET', amount: 50.25 })
await call('POST', '/api/wallet/transfer', first, { from: 'WALLET', to: 'JOKER', amount: 100 })
await call('POST', '/api/wallet/transfer', first, { from: 'WALLET', to: 'PG', amount: 75.5 })
await call('POST', '/api/wallet/transfer', second, { from: 'WALLET', to: 'PG', amount: 400 })
await call('POST', '/dev/games/PG/rounds', undefined, { username: '0812345678', amount: '-40' })
await call('POST', '/dev/games/PG/rounds', undefined, { username: members[1].username, amount: '125.75' })
await call('GET', '/api/refund/receive', demo)
await call('GET', '/api/refund/receive', laoToken)
await call('POST', '/api/wallet/transferAll', first, { to: 'WALLET' })
step()

// Withdrawals: paid, failed (returned) and one still waiting; then a bank account change.
const paid = await call('POST', '/api/wallet/withdrawAll', demo, { amount: 200 }, { 'idempotency-key': 'fixture-withdraw-1' })
await call('POST', `/dev/withdrawals/${(paid.withdrawal as { id: string }).id}`, undefined, { status: 'paid' })
const failed = await call('POST', '/api/wallet/withdrawAll', second, { amount: 150 })
await call('POST', `/dev/withdrawals/${(failed.withdrawal as { id: string }).id}`, undefined, { status: 'failed' })
await call('POST', '/api/wallet/withdrawAll', first, { amount: 120 })
step()
await call('PUT', '/api/account/profile', second, { name: members[1].name, bankCode: 'KBANK', bankAccountName: members[1].name, bankAccountNo: '2222222299' })
step()

// What every member holds, as this release reports it.
const holdings: Record<string, { password: string; wallet: number; currency: string; games: Record<string, number> }> = {}
for (const [username, password, token] of [
  ['0812345678', 'demo1234', demo], [members[0].username, members[0].password, first],
  [members[1].username, members[1].password, second], [lao.username, lao.password, laoToken],
] as const) {
  const wallet = await call('GET', '/api/wallet', token) as { wallet: { amount: number; currency: string }; slots: { code: string; isActive: boolean; amount: number }[] }
  holdings[username] = {
    password,
    wallet: wallet.wallet.amount,
    currency: wallet.wallet.currency,
    games: Object.fromEntries(wallet.slots.filter((slot) => slot.isActive).map((slot) => [slot.code, slot.amount])),
  }
}
const books = await call('GET', '/dev/books') as { balanced: boolean; movements: number; postings: number }
if (!books.balanced) throw new Error('the books of the fixture do not balance')
await app.close()

const expected = { release, dialect: databaseUrl ? 'postgres' : 'sqlite', madeAt: new Date(now).toISOString(), members: holdings, movements: books.movements, postings: books.postings }
writeFileSync(join(outDir, `${release}.${databaseUrl ? 'pg' : 'sqlite'}.json`), `${JSON.stringify(expected, null, 2)}\n`)
if (!databaseUrl) writeFileSync(join(outDir, `${release}.sqlite.gz`), gzipSync(readFileSync(join(dataDir, 'wallet.db')), { level: 9 }))
rmSync(dataDir, { recursive: true, force: true })
console.log(`upgrade fixture of ${release} written to ${outDir} (${books.movements} movements)`)
