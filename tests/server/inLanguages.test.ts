// @vitest-environment node
// Issue 51: the operator's texts in the screen's language. A text the operator gives is one string
// or one per language; a player reads it in the language the app asks in (Accept-Language), else
// the variant's, else the first given; what the operator wrote reads back as written.
import { describe, expect, it } from 'vitest'
import type { BonusActiveCheck, BonusItem, ContactInfo, NoticeLookup, RefundCheck, Source, StatementResponse } from '../../contract'
import { fromAcceptLanguage } from '../../contract/lib/language'
import type { PasswordHasher } from '../../server/auth/passwords'
import { getContent, setContent } from '../../server/lookup/repo'
import { runSeeds } from '../../server/seed/seed'
import { contactTextFor, contactTextPromisingChat } from '../../server/seed/seedData'
import { START, type TestServer, call, onDemoServer } from './helpers'
import { staffSession } from './opsHelpers'

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})

const inLanguage = (asked: string | undefined): Record<string, string> => (asked === undefined ? {} : { 'accept-language': asked })
const get = async <T,>(url: string, asked?: string) => (await call(server.app, 'GET', url, { token, headers: inLanguage(asked) })).body as unknown as T
const dev = (url: string, body: unknown) => call(server.app, 'POST', url, { body })

describe('the language asked', () => {
  it('is the first of ours by weight, Lao as lo, and none for another', () => {
    expect(fromAcceptLanguage('en-US,en;q=0.9,th;q=0.8')).toBe('en')
    expect(fromAcceptLanguage('fr-FR,fr;q=0.9,th;q=0.8,en;q=0.7')).toBe('th')
    expect(fromAcceptLanguage('en;q=0.2, lo')).toBe('la')
    expect(fromAcceptLanguage('th;q=0, en;q=0.1')).toBe('en')
    expect(fromAcceptLanguage('fr, de')).toBeUndefined()
    expect(fromAcceptLanguage(undefined)).toBeUndefined()
  })
})

describe('the seeded texts', () => {
  it('come in the language asked, and in the variant\'s when none of ours is asked', async () => {
    const conditions = (asked?: string) => get<string[]>('/api/lookup/conditions', asked)
    expect((await conditions('en'))[0]).toContain('<b>Deposits</b>')
    expect((await conditions('lo'))[0]).toContain('<b>ການຝາກເງິນ</b>')
    expect((await conditions('th-TH,th;q=0.9'))[0]).toContain('<b>การฝากเงิน</b>')
    expect((await conditions())[0]).toContain('<b>การฝากเงิน</b>')
    expect((await conditions('fr'))[0]).toContain('<b>การฝากเงิน</b>')
    await dev('/dev/config', { variant: 'la' })
    expect((await conditions())[0]).toContain('<b>ການຝາກເງິນ</b>')
    expect((await conditions('en'))[0]).toContain('<b>Deposits</b>')
  })

  it('each of them: agreements, notice, contact, sources, banners, refund, bonus cards, the bonus held and the statement', async () => {
    expect((await get<string[]>('/api/lookup/agreements', 'en'))[0]).toContain('Terms of use')
    expect((await get<NoticeLookup>('/api/lookup/notice', 'en')).notice).toMatch(/^A bonus can be cancelled .*\{percentFail\}%/)
    expect((await get<ContactInfo>('/api/lookup/contact', 'lo')).contactText).toContain('24 ຊົ່ວໂມງ')
    expect((await get<ContactInfo>('/api/lookup/contact', 'en')).contactText).toContain('24 hours a day')
    const sources = await get<Source[]>('/api/lookup/sources', 'en')
    expect(sources.map((source) => source.description)).toEqual(['Facebook', 'LINE', 'TikTok', 'YouTube', 'Google', 'A friend', 'Other'])
    expect((await get<Source[]>('/api/lookup/sources'))[0].description).toBe('เฟซบุ๊ก')
    expect((await get<{ html?: string }[]>('/api/invite/banners', 'en'))[0].html).toContain('Invite your friends')
    expect((await get<RefundCheck>('/api/refund/check', 'lo')).info).toContain('ເງິນຄືນຍອດເສຍ')
    const cards = await get<BonusItem[]>('/api/bonus', 'en')
    expect(cards.map((card) => card.name)).toEqual(['Welcome bonus 100%', 'Daily bonus 10%', 'Weekly bonus 20%'])
    expect(cards[0].banners[0].html).toContain('New members get a 100% bonus')
    expect((await get<BonusItem[]>('/api/bonus', 'lo'))[0].name).toBe('ໂບນັດຕ້ອນຮັບ 100%')
    expect((await call(server.app, 'GET', '/api/bonus/activate/WELCOME100', { token })).status).toBe(200)
    expect((await get<BonusActiveCheck>('/api/bonus/check/active', 'en')).name).toBe('Welcome bonus 100%')
    expect((await get<BonusActiveCheck>('/api/bonus/check/active')).name).toBe('โบนัสต้อนรับ 100%')
    const statement = async (asked: string) =>
      ((await call(server.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 }, headers: inLanguage(asked) })).body as unknown as StatementResponse)
        .statements.find((row) => row.statementType === 'bonus')?.bonus
    expect(await statement('en')).toEqual({ description: 'Welcome bonus 100%' })
    expect(await statement('lo')).toEqual({ description: 'ໂບນັດຕ້ອນຮັບ 100%' })
  })
})

describe("the operator's own texts", () => {
  it("the wheel: each prize's words in the language asked, and its prize on the statement named as its screen names it, else its name", async () => {
    const wheel = { name: 'Lucky wheel', names: { th: 'วงล้อนำโชค', en: 'Lucky wheel EN' }, coinPerDepositMinor: 100_00, couponDays: 7, slices: [
      { code: 'WIN', label: '7', bgColor: '#112233', textColor: '#ffffff', weight: 1, amountMinor: 7_00, htmlDescription: { th: '<p>รับ 7 บาท</p>', en: '<p>7 baht</p>' } },
      { code: 'LOSE', label: '0', bgColor: '#112233', textColor: '#ffffff', weight: 0, amountMinor: 0 },
    ] }
    expect((await dev('/dev/settings', { spinActive: true, spin: wheel })).status).toBe(200)
    const prizeWords = async (asked: string) =>
      (await get<{ result: { activeSpinwheel: { slices: { htmlDescription?: string }[] } } }>('/api/spinwheel/setup', asked)).result.activeSpinwheel.slices[0].htmlDescription
    expect(await prizeWords('en')).toBe('<p>7 baht</p>')
    expect(await prizeWords('lo')).toBe('<p>รับ 7 บาท</p>')
    expect((await dev('/dev/coins', { username: '0812345678', coins: 1 })).status).toBe(200)
    expect((await call(server.app, 'POST', '/api/spinwheel/spin', { token, body: {} })).status).toBe(200)
    const [coupon] = await get<{ _id: string }[]>('/api/spinwheel/coupon')
    expect((await call(server.app, 'POST', '/api/spinwheel/coupon/claim', { token, body: { coupon: coupon._id } })).status).toBe(200)
    const prize = async (asked: string) =>
      ((await call(server.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 }, headers: inLanguage(asked) })).body as unknown as StatementResponse)
        .statements.find((row) => row.luckydraw)?.luckydraw?.description
    expect(await prize('en')).toBe('Lucky wheel EN: 7')
    expect(await prize('th')).toBe('วงล้อนำโชค: 7')
    expect(await prize('lo')).toBe('Lucky wheel: 7')
  })


  const offer = (name: unknown, extra: Record<string, unknown> = {}) =>
    ({ code: 'OWN', kind: 'bonus', name, type: 'limit', maxReceived: 1, percent: 10, maxBonusMinor: 100_00, turnoverMultiplier: 1, percentFail: 10, sort: 9, ...extra })
  const own = async (asked?: string) => (await get<BonusItem[]>('/api/bonus', asked)).find((card) => card.code === 'OWN')

  it('one string reads the same in every language', async () => {
    expect((await dev('/dev/bonuses', [offer('Songkran 15%')])).status).toBe(200)
    for (const asked of ['th', 'lo', 'en']) expect((await own(asked))?.name).toBe('Songkran 15%')
  })

  it('a language it lacks reads in the variant\'s, then in the first it has; the operator reads it back as written', async () => {
    const name = { th: 'สงกรานต์ 15%', en: 'Songkran 15%' }
    const banners = [{ image: '/banners/x.svg', html: { en: '<p>Splash</p>' } }]
    expect((await dev('/dev/bonuses', [offer(name, { banners })])).status).toBe(200)
    expect((await own('en'))?.name).toBe('Songkran 15%')
    expect((await own('lo'))?.name).toBe('สงกรานต์ 15%')
    expect((await own('lo'))?.banners[0].html).toBe('<p>Splash</p>')
    const admin = await staffSession(server.app, 'admin')
    const offers = (await call(server.app, 'GET', '/ops/api/bonus-offers', { token: admin.token })).body as unknown as { offers: { code: string; name: unknown; banners: unknown }[] }
    expect(offers.offers.find((stored) => stored.code === 'OWN')).toMatchObject({ name, banners })
  })

  it('a content row written by hand with tags (lo, th-TH) reads by them; the QR off message has each language too', async () => {
    await setContent(server.app.serverContext.db, 'notice', { 'th-TH': 'ไทย {percentFail}', lo: 'ລາວ {percentFail}' } as never)
    expect((await get<NoticeLookup>('/api/lookup/notice', 'lo')).notice).toBe('ລາວ {percentFail}')
    expect((await get<NoticeLookup>('/api/lookup/notice', 'en')).notice).toBe('ไทย {percentFail}')
    expect((await dev('/dev/deposit/qr-settings', { enabled: { WW: false } })).status).toBe(200)
    const offMessage = async (asked: string) => (await get<{ hasQrcode: boolean; message: string }>('/api/qrcode/WW', asked)).message
    expect(await offMessage('en')).toBe('This way to pay is closed for maintenance for now')
    expect(await offMessage('lo')).toBe('ຊ່ອງທາງນີ້ປິດປັບປຸງຊົ່ວຄາວ')
    expect((await dev('/dev/deposit/qr-settings', { offMessage: { en: 'Resting' } })).status).toBe(200)
    expect(await offMessage('th')).toBe('Resting')
  })

  it('refuses a language the app does not have, and an empty object', async () => {
    expect((await dev('/dev/bonuses', [offer({ fr: 'Songkran' })])).status).toBe(400)
    expect((await dev('/dev/bonuses', [offer({})])).status).toBe(400)
    expect((await dev('/dev/bonuses', [offer({ th: '' })])).status).toBe(400)
  })
})

describe('a database seeded before (Thai only)', () => {
  it('gets the seeded texts in every language where nobody changed them, and keeps what the operator wrote', async () => {
    const db = server.app.serverContext.db
    const thaiConditions = (await get<string[]>('/api/lookup/conditions', 'th'))
    await setContent(db, 'conditions', thaiConditions)
    await setContent(db, 'notice', 'ประกาศของเราเอง')
    await db.updateTable('bonuses').set({ name: 'โบนัสต้อนรับ 100%' }).where('code', '=', 'WELCOME100').execute()
    await db.updateTable('bonuses').set({ name: 'รายวันของเรา' }).where('code', '=', 'DAILY10').execute()
    await db.updateTable('sources').set({ description: 'เฟซบุ๊ก' }).where('code', '=', 'FACEBOOK').execute()
    await db.deleteFrom('seeds').where('name', '=', 'texts-in-languages').execute()
    expect((await get<string[]>('/api/lookup/conditions', 'en'))[0]).toContain('การฝากเงิน')

    const hasher = { hash: () => Promise.reject(new Error('no seed here hashes')) } as unknown as PasswordHasher
    expect(await runSeeds(db, START, hasher, { demo: true, variant: 'th' })).toEqual(['texts-in-languages'])

    expect((await get<string[]>('/api/lookup/conditions', 'en'))[0]).toContain('<b>Deposits</b>')
    expect(await getContent(db, 'notice')).toBe('ประกาศของเราเอง')
    const cards = await get<BonusItem[]>('/api/bonus', 'en')
    expect(cards.map((card) => card.name)).toEqual(['Welcome bonus 100%', 'รายวันของเรา', 'Weekly bonus 20%'])
    expect((await get<Source[]>('/api/lookup/sources', 'en'))[0].description).toBe('Facebook')
  })

  it('its contact text promised a chat on the page, which this server does not have: untouched, it now names LINE only, in every language; what the operator wrote stays', async () => {
    const db = server.app.serverContext.db
    const hasher = { hash: () => Promise.reject(new Error('no seed here hashes')) } as unknown as PasswordHasher
    const contact = (await getContent(db, 'contact'))!
    const text = async (asked: string) => (await get<ContactInfo>('/api/lookup/contact', asked)).contactText
    expect(await text('en')).not.toMatch(/chat/i)
    // As the release before seeded it, in every language.
    await setContent(db, 'contact', { ...contact, contactText: contactTextPromisingChat })
    await db.deleteFrom('seeds').where('name', '=', 'contact-text-names-line').execute()
    expect(await runSeeds(db, START, hasher, { demo: true, variant: 'th' })).toEqual(['contact-text-names-line'])
    expect(await getContent(db, 'contact')).toEqual({ ...contact, contactText: contactTextFor() })
    expect(await text('en')).toBe('<p>Our team answers <b>24 hours a day</b> on LINE</p>')
    expect(await text('lo')).not.toContain('ແຊັດ')
    // As a release before the languages seeded it: Thai only.
    await setContent(db, 'contact', { ...contact, contactText: (contactTextPromisingChat as { th: string }).th })
    await db.deleteFrom('seeds').where('name', 'in', ['texts-in-languages', 'contact-text-names-line']).execute()
    expect(await runSeeds(db, START, hasher, { demo: true, variant: 'th' })).toEqual(['texts-in-languages', 'contact-text-names-line'])
    expect(await text('en')).toBe('<p>Our team answers <b>24 hours a day</b> on LINE</p>')
    // The operator's own words, chat and all, stay.
    const own = '<p>แชทกับเราได้ตลอด</p>'
    await setContent(db, 'contact', { ...contact, contactText: own })
    await db.deleteFrom('seeds').where('name', 'in', ['texts-in-languages', 'contact-text-names-line']).execute()
    await runSeeds(db, START, hasher, { demo: true, variant: 'th' })
    expect(await text('en')).toBe(own)
  })
})
