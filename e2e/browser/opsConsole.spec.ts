// Issue 33 §2: the staff console on the production build against the reference server, in
// Chromium on a phone's width: a cashier signs in, reads a member's slip and approves it, pays a
// withdrawal, meets a slip another cashier decided first, and sees a new slip arrive without
// reloading; an admin reads the audit trail. Issue 47: a new admin sets up their code from the
// screen and signs in with it; a slip above the threshold waits for a second cashier, who confirms
// it; an admin resets a cashier's sign-in and the cashier chooses a password before anything else.
// axe on each view. No /dev/ call decides anything here.
import type { APIRequestContext } from '@playwright/test'
import { devPost, expect, test } from '../fixtures'
import { codeFor, newStaff as newStaffOn, opsAdminToken, signInToConsole, STAFF_PASSWORD, type StaffRole } from '../opsStaff'
import { expectAxeClean } from '../shared/axe'
import { enableChat, openChat } from '../shared/chat'
import { fund, memberHeaders, registerMember, signedIn, uploadSlip, walletOf } from '../walletMembers'

/** This worker's server (the first admin's session is kept per server, opsStaff.ts). */
let origin = ''
test.beforeEach(({ baseURL }) => {
  origin = baseURL!
})

const newStaff = (request: APIRequestContext, role: StaffRole) => newStaffOn(origin, request, role)

const uniqueName = () => `OPS PLAYER ${Math.random().toString(36).slice(2, 7).toUpperCase()}`

test.describe('the staff console', () => {
  test('a cashier approves a slip from its image, another pays a withdrawal, and the member has the money', async ({ page, request }) => {
    const name = uniqueName()
    const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name })
    await fund(request, member, 1000)
    await uploadSlip(request, member, '300')
    const withdrawal = await request.post('/api/wallet/withdrawAll', { headers: memberHeaders(member.token), data: { amount: 400 } })
    expect(withdrawal.ok()).toBeTruthy()
    const cashier = await newStaff(request, 'cashier')

    await page.goto('/ops/')
    await expectAxeClean(page)
    await signInToConsole(page, cashier)
    await expect(page.getByRole('heading', { name: /Slips to read/ })).toBeVisible()
    await page.getByRole('button', { name: new RegExp(name) }).click()
    const detail = page.getByRole('article', { name: new RegExp(name) })
    await expect(detail.getByRole('img', { name: `Slip of ${name}` })).toBeVisible()
    // What the member said the slip shows, beside it, never filled in for the cashier (issue 51).
    await expect(detail.getByTestId('slip-claimed')).toContainText('300.00')
    await expect(detail.getByLabel('Amount (THB)')).toHaveValue('')
    await expectAxeClean(page)

    // A wrong amount is said, and what was typed stays.
    await detail.getByLabel('Amount (THB)').fill('12.345')
    await detail.getByRole('button', { name: /Approve/ }).click()
    await expect(detail.getByRole('alert')).toHaveText('Enter an amount above 0 with at most 2 decimals')
    await expect(detail.getByLabel('Amount (THB)')).toHaveValue('12.345')
    await detail.getByLabel('Amount (THB)').fill('300')
    await detail.getByLabel('Bank reference (if any)').fill(`KB${Date.now()}`)
    await detail.getByRole('button', { name: /Approve/ }).click()
    await expect(page.getByRole('status')).toHaveText(/approved/)
    await expect(page.getByRole('button', { name: new RegExp(name) })).toHaveCount(0)
    await expect.poll(async () => (await walletOf(request, member)).wallet).toBe(1000 - 400 + 300)

    await page.getByRole('button', { name: 'Withdrawals to pay' }).click()
    const card = page.getByRole('article', { name: new RegExp(name) })
    await expect(card).toContainText(`66${member.phone.slice(2)}`)
    // The queue as a file to hand on: the member's withdrawal is a row of it (issue 52 §1).
    const [queueFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
    const queueCsv = (await (await queueFile.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks))).toString('utf8')
    expect(queueCsv.split('\n').some((line) => line.includes(name) && line.includes(',THB,400.00,'))).toBe(true)
    await expectAxeClean(page)
    // Issue 47: who credited the member does not pay them out the same day: another cashier does.
    await card.getByLabel('Bank transfer reference').fill('KTB-E2E-1')
    await card.getByRole('button', { name: 'Mark paid' }).click()
    await expect(card.getByRole('alert')).toHaveText("You handled this member's money the other way lately: another staff member must do this")
    await expect(card.getByLabel('Bank transfer reference')).toHaveValue('KTB-E2E-1')
    expect((await walletOf(request, member)).wallet).toBe(1000 - 400 + 300)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await signInToConsole(page, await newStaff(request, 'cashier'))
    await page.getByRole('button', { name: 'Withdrawals to pay' }).click()
    await card.getByLabel('Bank transfer reference').fill('KTB-E2E-1')
    await card.getByRole('button', { name: 'Mark paid' }).click()
    await expect(page.getByRole('status')).toHaveText(/marked paid/)
    await expect(page.getByRole('article', { name: new RegExp(name) })).toHaveCount(0)
    await expect.poll(async () => (await walletOf(request, member)).wallet).toBe(900)

    await page.getByRole('button', { name: 'Books' }).click()
    await expect(page.getByText('The books balance', { exact: true })).toBeVisible()
    // Issue 52 §1: today's book holds the slip just approved and the withdrawal just paid, and
    // hands the same lines on as a CSV file Excel opens in Thai (UTF-8 with a byte-order mark).
    const book = page.getByRole('region', { name: "The day's book THB" })
    await expect(book.getByRole('row', { name: /Deposits by slip/ })).toBeVisible()
    await expect(book.getByRole('row', { name: /Withdrawals paid/ })).not.toContainText('฿0.00')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('region', { name: "The day's book", exact: true }).getByRole('button', { name: 'Download CSV' }).click()])
    const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks))
    expect(download.suggestedFilename()).toMatch(/^day-book-\d{4}-\d{2}-\d{2}\.csv$/)
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = csv.subarray(3).toString('utf8').trim().split('\n')
    expect(lines[0]).toBe('Day,Currency,Line,Count,Amount')
    expect(lines.some((line) => /^\d{4}-\d{2}-\d{2},THB,Deposits by slip,\d+,\d+\.\d{2}$/.test(line))).toBe(true)
    await expectAxeClean(page)
  })

  test("a bank statement with one credit the books lack and one deposit it lacks shows both; imported again, it changes nothing", async ({ page, request }) => {
    // Amounts of this test's own: a deposit another test made on this server never matches them.
    const cents = () => String(Math.floor(Math.random() * 90) + 10)
    const [sent, missing, extra] = [`313.${cents()}`, `421.${cents()}`, `777.${cents()}`]
    const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name: uniqueName() })
    const cashier = await newStaff(request, 'cashier')
    const token = ((await (await request.post('/ops/api/login', { data: { username: cashier, password: STAFF_PASSWORD } })).json()) as { token: string }).token
    const bangkok = (at: number) => new Date(at + 7 * 3600_000).toISOString().replace('T', ' ').slice(0, 19)
    const sentAt = bangkok(Date.now())
    for (const amount of [sent, missing]) {
      const reference = await uploadSlip(request, member, amount)
      expect((await request.post(`/ops/api/slips/${reference}`, { headers: { authorization: `Bearer ${token}` }, data: { status: 'success', amount: Number(amount) } })).ok()).toBeTruthy()
    }
    // The bank's file (the generic format): the first slip's money, and money no deposit explains; the second slip's never came.
    const statement = `date,credit,description\n${sentAt},${sent},PromptPay x1111\n${bangkok(Date.now() + 1000)},${extra},unknown sender\n`

    await page.goto('/ops/')
    await signInToConsole(page, cashier)
    await page.getByRole('button', { name: 'Books' }).click()
    const matching = page.getByRole('region', { name: 'Matching with the bank' })
    await matching.getByLabel('Account').selectOption({ label: 'SCB 4071234567 · WALLET DEMO CO LTD' })
    await matching.getByLabel('File format').selectOption('generic')
    await matching.getByLabel('Statement file').setInputFiles({ name: 'scb-today.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) })
    await matching.getByRole('button', { name: 'Import' }).click()
    await expect(matching.getByRole('status').first()).toHaveText('Credits read: 2. New: 2. Matched to deposits: 1')
    const inBank = matching.getByRole('region', { name: /^In the bank, not in the books/ })
    const inBooks = matching.getByRole('region', { name: /^In the books, not in the bank/ })
    await expect(inBank.getByRole('row', { name: /unknown sender/ })).toContainText(`฿${extra}`)
    await expect(inBooks.getByRole('row', { name: /Deposits by slip/ }).filter({ hasText: `฿${missing}` })).toHaveCount(1)
    await expect(matching.getByRole('row').filter({ hasText: `฿${sent}` })).toHaveCount(0)
    await expectAxeClean(page)

    // The same file again: nothing new, nothing matched, the same two differences.
    await matching.getByRole('button', { name: 'Import' }).click()
    await expect(matching.getByRole('status').first()).toHaveText('Credits read: 2. New: 0. Matched to deposits: 0')
    await expect(inBank.getByRole('row', { name: /unknown sender/ })).toBeVisible()

    // The extra credit resolved with a note: it leaves the list, and the audit trail keeps the note.
    const note = inBank.getByRole('textbox', { name: new RegExp(`Note for .*${extra.replace('.', '\\.')}`) })
    await inBank.getByRole('button', { name: 'Mark in order' }).click()
    await expect(inBank.getByRole('alert')).toHaveText('Write a note first')
    await note.fill('Owner top-up, agreed with finance')
    await inBank.getByRole('button', { name: 'Mark in order' }).click()
    await expect(inBank).toHaveCount(0)
    await expect(inBooks.getByRole('row', { name: /Deposits by slip/ }).filter({ hasText: `฿${missing}` })).toHaveCount(1)
    const trail = await request.get('/ops/api/audit?item=bank:SCB:4071234567', { headers: { authorization: `Bearer ${await opsAdminToken(origin)}` } })
    expect(JSON.stringify(await trail.json())).toContain('Owner top-up, agreed with finance')
  })

  test('a slip decided by someone else leaves the open queue at once and says so; a new one arrives without a reload', async ({ page, request }) => {
    const name = uniqueName()
    const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name })
    const reference = await uploadSlip(request, member)
    await signInToConsole(page, await newStaff(request, 'cashier'))
    await page.getByRole('button', { name: new RegExp(name) }).click()
    const detail = page.getByRole('article', { name: new RegExp(reference) })
    await detail.getByLabel('Amount (THB)').fill('50')
    // Another cashier, on another console, approves it first.
    const other = await request.post('/ops/api/login', { data: { username: await newStaff(request, 'cashier'), password: STAFF_PASSWORD } })
    const otherToken = ((await other.json()) as { token: string }).token
    expect((await request.post(`/ops/api/slips/${reference}`, { headers: { authorization: `Bearer ${otherToken}` }, data: { status: 'failed', note: 'NOT_MATCH' } })).ok()).toBeTruthy()
    // Told at once, through the live event: the slip leaves the queue and the open form says why.
    await expect(page.getByRole('alert')).toHaveText('Someone decided this one already')
    await expect(detail).toHaveCount(0)
    await expect(page.getByRole('button', { name: new RegExp(name) })).toHaveCount(0)
    expect((await walletOf(request, member)).wallet).toBe(0)

    // A member's new slip reaches the open queue by itself, through the server's live event (the
    // console's own re-reading every minute is far beyond this wait).
    await uploadSlip(request, member)
    await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible()
  })

  test('an admin reads who did what in the audit trail, in Thai or English, and adds and turns off staff', async ({ page, request }) => {
    const name = uniqueName()
    const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name })
    const reference = await uploadSlip(request, member)
    const cashier = await request.post('/ops/api/login', { data: { username: await newStaff(request, 'cashier'), password: STAFF_PASSWORD } })
    const { token, staff } = (await cashier.json()) as { token: string; staff: { username: string } }
    expect((await request.post(`/ops/api/slips/${reference}`, { headers: { authorization: `Bearer ${token}` }, data: { status: 'success', amount: 75 } })).ok()).toBeTruthy()

    await signInToConsole(page, await newStaff(request, 'admin'))
    await page.getByRole('button', { name: 'Audit trail' }).click()
    const entry = page.getByRole('row', { name: new RegExp(`slip:${reference}`) })
    await expect(entry).toContainText(staff.username)
    await expect(entry).toContainText('slip.approve')
    await expectAxeClean(page)
    await page.getByLabel('Language').selectOption('th')
    await expect(page.getByRole('heading', { name: 'บันทึกการทำงาน' })).toBeVisible()
    await page.getByLabel('ภาษา').selectOption('en')
    await devPost(request, '/dev/reset-limits', {})

    // Staff: a new support agent, too short a password first (what was typed stays), then turned off.
    await page.getByRole('button', { name: 'Staff' }).click()
    const username = `support-${Date.now().toString(36)}`
    const form = page.getByRole('form', { name: 'Add staff' })
    await form.getByLabel('Username').fill(username)
    await form.getByLabel('Name', { exact: true }).fill('Ploy')
    await form.getByLabel('Role').selectOption('support')
    await form.getByLabel('Password').fill('short')
    await form.getByRole('button', { name: 'Add staff' }).click()
    await expect(form.getByRole('alert')).toHaveText('At least 12 characters')
    await expect(form.getByLabel('Username')).toHaveValue(username)
    await form.getByLabel('Password').fill('support-password-2026')
    await form.getByRole('button', { name: 'Add staff' }).click()
    await expect(page.getByRole('status')).toHaveText(`${username} added`)
    const row = page.getByRole('row', { name: new RegExp(username) })
    await expect(row.getByRole('combobox', { name: `Role of ${username}` })).toHaveValue('support')
    // The password the admin typed is not theirs to keep: Ploy chooses her own at her first sign-in.
    await expect(row).toContainText('must choose a password')
    await expectAxeClean(page)
    await row.getByRole('button', { name: 'Turn off' }).click()
    await expect(row.getByRole('button', { name: 'Turn on' })).toBeVisible()
    // Turned off: the right password answers as a wrong one (issue 47: no oracle).
    expect((await request.post('/ops/api/login', { data: { username, password: 'support-password-2026' } })).status()).toBe(401)
  })

  test('support answers a member\'s chat live and finds the member, masked', async ({ page, request }) => {
    const name = uniqueName()
    const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name })
    await signInToConsole(page, await newStaff(request, 'support'))
    await expect(page.getByRole('heading', { name: /Chat inbox/ })).toBeVisible()
    await expectAxeClean(page)

    // The member writes: the conversation appears in the open inbox by itself.
    const said = await request.post('/api/chat/send-message', {
      headers: memberHeaders(member.token),
      data: { userId: member.id, message: { message_type: 'text', payload: 'สวัสดีค่ะ ฝากเงินไม่เข้า', deliver: { id: `e2e${Date.now()}` } } },
    })
    expect(said.ok(), await said.text()).toBeTruthy()
    await page.getByRole('button', { name: new RegExp(name) }).click()
    const conversation = page.getByRole('article', { name: new RegExp(name) })
    await expect(conversation.getByRole('list', { name: 'Messages' })).toContainText('ฝากเงินไม่เข้า')
    await conversation.getByLabel('Reply').fill('We are checking your deposit now')
    await conversation.getByRole('button', { name: 'Send' }).click()
    await expect(conversation.getByRole('list', { name: 'Messages' })).toContainText('We are checking your deposit now')
    // Signed with the first word of the staff member's name ("E2E support"), as the player sees it.
    await expect(conversation.getByRole('listitem').filter({ hasText: 'We are checking your deposit now' })).toContainText('(E2E)')
    await expectAxeClean(page)
    // Answered: it leaves the inbox of conversations waiting; the member reads the reply.
    await expect(page.getByRole('button', { name: new RegExp(name) })).toHaveCount(0)
    const history = await request.post('/api/chat/history', { headers: memberHeaders(member.token), data: { userId: member.id, limit: 5, skip: 0 } })
    const answered = ((await history.json()) as { name?: string; username?: string; message: { payload: unknown } }[]).find((item) => item.message.payload === 'We are checking your deposit now')
    expect(answered).toMatchObject({ name: 'E2E' })
    expect(answered).not.toHaveProperty('username')

    await page.getByRole('button', { name: 'Members' }).click()
    await page.getByLabel(/Phone \(or its last 4 digits\)/).fill(member.phone)
    await page.getByRole('button', { name: 'Search' }).click()
    const found = page.getByRole('button', { name: new RegExp(name) })
    await expect(found).toContainText(`${member.phone.slice(0, 2)}xxxxx${member.phone.slice(-3)}`)
    await expect(found).not.toContainText(member.phone)
    await found.click()
    await expect(page.getByRole('article', { name })).toBeVisible()
    await expectAxeClean(page)
  })

  test('an admin suspends a member from the member page: the member sees the terminated screen and can still write to support; lifted, home is back', async ({ page, request, strings }) => {
    await enableChat(request)
    const name = uniqueName()
    const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name })
    await signedIn(page, member)
    await page.goto('/user/home')
    await expect(page.getByTestId('total-balance')).toBeVisible()

    // The admin, on a console of their own.
    const desk = await page.context().browser()!.newPage({ viewport: { width: 1280, height: 900 } })
    await signInToConsole(desk, await newStaff(request, 'admin'))
    await desk.getByRole('button', { name: 'Members' }).click()
    await desk.getByLabel(/Phone \(or its last 4 digits\)/).fill(member.phone)
    await desk.getByRole('button', { name: 'Search' }).click()
    await desk.getByRole('button', { name: new RegExp(name) }).click()
    const memberPage = desk.getByRole('article', { name })
    await expect(memberPage.getByRole('heading', { name: /Open sessions \(1\)/ })).toBeVisible()
    const care = memberPage.getByRole('form', { name: 'Help this member' })
    await care.getByLabel('Action').selectOption({ label: 'Suspend' })
    // No reason, no action; what is typed after stays until it is done.
    await care.getByRole('button', { name: 'Suspend' }).click()
    await expect(care.getByRole('alert')).toHaveText('Write the reason first')
    await care.getByLabel('Reason (kept in the audit trail)').fill('Chargeback under review')
    await care.getByRole('button', { name: 'Suspend' }).click()
    await expect(care.getByRole('status')).toHaveText('Done: Suspend')
    await expect(memberPage.getByRole('note')).toContainText('Suspended since')
    await expectAxeClean(desk)

    // The member's next screen is the terminated one; the chat still reaches support.
    await page.reload()
    await expect(page).toHaveURL(/\/terminated$/)
    await expect(page.getByRole('heading', { level: 1, name: strings.terminated.title })).toBeVisible()
    const panel = await openChat(page, strings)
    const input = panel.getByRole('textbox', { name: strings.chat.placeholder })
    await input.fill('ทำไมบัญชีถูกระงับครับ')
    await input.press('Enter')
    await expect(panel.locator('.chat-msg--mine').filter({ hasText: 'ทำไมบัญชีถูกระงับ' })).toContainText(strings.chat.sent)
    await desk.getByRole('button', { name: /Chat inbox/ }).click()
    await expect(desk.getByRole('button', { name: /ทำไมบัญชีถูกระงับ/ }).or(desk.getByText('ทำไมบัญชีถูกระงับครับ')).first()).toBeVisible()

    // Lifted: the member's home again.
    await desk.getByRole('button', { name: 'Members' }).click()
    await desk.getByLabel(/Phone \(or its last 4 digits\)/).fill(member.phone)
    await desk.getByRole('button', { name: 'Search' }).click()
    await desk.getByRole('button', { name: new RegExp(name) }).click()
    await expect(memberPage.getByRole('note')).toContainText('Suspended since')
    await care.getByLabel('Action').selectOption({ label: 'Lift the suspension' })
    await care.getByLabel('Reason (kept in the audit trail)').fill('Chargeback withdrawn')
    await care.getByRole('button', { name: 'Lift the suspension' }).click()
    await expect(care.getByRole('status')).toHaveText('Done: Lift the suspension')
    await expect(memberPage.getByRole('note')).toHaveCount(0)
    await page.goto('/user/home')
    await expect(page.getByTestId('total-balance')).toBeVisible()
    await desk.close()
  })

  test('a correction of a member wallet: one admin proposes it, the same cannot apply it, a second applies it; the member sees it in the statement', async ({ page, request, strings }) => {
    const name = uniqueName()
    const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name })
    await fund(request, member, 100)
    const openMember = async (desk: typeof page) => {
      await desk.getByRole('button', { name: 'Members' }).click()
      await desk.getByLabel(/Phone \(or its last 4 digits\)/).fill(member.phone)
      await desk.getByRole('button', { name: 'Search' }).click()
      await desk.getByRole('button', { name: new RegExp(name) }).click()
      return desk.getByRole('article', { name })
    }
    const first = await page.context().browser()!.newPage({ viewport: { width: 1280, height: 900 } })
    await signInToConsole(first, await newStaff(request, 'admin'))
    const memberPage = await openMember(first)
    const propose = memberPage.getByRole('form', { name: 'Propose a correction' })
    // A bad amount is refused in place; what was typed stays.
    await propose.getByLabel('Amount (THB)').fill('25.555')
    await propose.getByLabel('Reason (kept in the audit trail)').fill('QR paid twice by the bank, booked once')
    await propose.getByRole('button', { name: 'Propose a correction' }).click()
    await expect(propose.getByRole('alert')).toHaveText('Type an amount above 0 with at most 2 decimals')
    await expect(propose.getByLabel('Reason (kept in the audit trail)')).toHaveValue('QR paid twice by the bank, booked once')
    await propose.getByLabel('Amount (THB)').fill('25.50')
    await propose.getByRole('button', { name: 'Propose a correction' }).click()
    await expect(propose.getByRole('status')).toHaveText('Proposed: waiting for a second admin')
    const waiting = memberPage.getByRole('listitem').filter({ hasText: 'waiting for a second admin' })
    await expect(waiting).toContainText('QR paid twice by the bank, booked once')
    // Its maker cannot apply it, and is told why.
    await expect(waiting.getByRole('button', { name: 'Apply' })).toBeDisabled()
    await expect(waiting).toContainText('You proposed this: another admin must apply it')
    expect((await walletOf(request, member)).wallet).toBe(100)
    await expectAxeClean(first)
    await first.close()

    const second = await page.context().browser()!.newPage({ viewport: { width: 1280, height: 900 } })
    await signInToConsole(second, await newStaff(request, 'admin'))
    await second.getByRole('button', { name: 'Members' }).click()
    const list = second.getByRole('region', { name: /Corrections waiting for a second admin/ })
    await list.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Open the member' }).click()
    const secondPage = second.getByRole('article', { name })
    const decide = secondPage.getByRole('listitem').filter({ hasText: 'waiting for a second admin' })
    await decide.getByLabel('Reason (kept in the audit trail)').fill('Matched the bank statement')
    await decide.getByRole('button', { name: 'Apply' }).click()
    await expect(secondPage.getByRole('listitem').filter({ hasText: 'applied' })).toContainText('Matched the bank statement')
    await expect(list.getByRole('listitem').filter({ hasText: name })).toHaveCount(0)
    expect((await walletOf(request, member)).wallet).toBe(125.5)
    await second.close()

    // The member's statement says where the money came from.
    await signedIn(page, member)
    await page.goto('/user/statement')
    await expect(page.getByText(strings.statement.ways.correction).first()).toBeVisible()
  })

  test('a Lao operator reads the console in Lao, and the choice is kept', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await signInToConsole(page, await newStaff(request, 'admin'))
    await page.getByRole('combobox', { name: 'Language' }).selectOption('la')
    const nav = page.getByRole('navigation', { name: 'ຄອນໂຊນພະນັກງານ' })
    await expect(nav.getByRole('button', { name: 'ຄົ້ນຫາສະມາຊິກ' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'lo')
    await nav.getByRole('button', { name: 'ກວດບັນຊີ' }).click()
    await expect(page.getByRole('heading', { name: 'ສະຫຼຸບປະຈຳວັນ' })).toBeVisible()
    await expectAxeClean(page)
    await page.reload()
    await expect(page.getByRole('navigation', { name: 'ຄອນໂຊນພະນັກງານ' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'ພາສາ' })).toHaveValue('la')
  })

  test('a new admin sets up a code from the screen and signs in with it; a slip above the threshold waits for a second person, who confirms it', async ({ page, request }) => {
    const admin = await newStaff(request, 'admin')
    await page.goto('/ops/')
    await page.getByLabel('ภาษา').selectOption('en')
    await page.getByLabel('Username').fill(admin)
    await page.getByLabel('Password').fill(STAFF_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'Set up your sign-in code' })).toBeVisible()
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
    // Nothing else opens before it: no queue, no navigation.
    await expect(page.getByRole('navigation')).toHaveCount(0)
    await expectAxeClean(page)
    const secret = (await page.locator('code.secret').innerText()).replace(/\s/g, '')
    await page.getByLabel('Six-digit code from your authenticator app').fill('12345')
    await page.getByRole('button', { name: 'Confirm and continue' }).click()
    await expect(page.getByRole('alert')).toHaveText('Type the six digits')
    await page.getByLabel('Six-digit code from your authenticator app').fill(await codeFor(secret))
    await page.getByRole('button', { name: 'Confirm and continue' }).click()
    await expect(page.getByRole('navigation')).toBeVisible()

    // Signed out and in again: the password, then the code it asks for.
    await page.getByRole('button', { name: 'Sign out' }).click()
    // The console's own forms have a Username too: wait for the sign-in page.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
    await page.getByLabel('Username').fill(admin)
    await page.getByLabel('Password').fill(STAFF_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    const code = page.getByLabel('Six-digit code from your authenticator app')
    await expect(code).toBeFocused()
    await expectAxeClean(page)
    // The setup took this step's code: the next one signs in.
    await code.fill(await codeFor(secret, 1))
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('navigation')).toBeVisible()

    // A cashier approved ฿25,000, above the ฿20,000 threshold: it waits for another person.
    const name = uniqueName()
    const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name })
    const reference = await uploadSlip(request, member)
    const cashier = await request.post('/ops/api/login', { data: { username: await newStaff(request, 'cashier'), password: STAFF_PASSWORD } })
    const { token, staff } = (await cashier.json()) as { token: string; staff: { username: string } }
    const first = await request.post(`/ops/api/slips/${reference}`, { headers: { authorization: `Bearer ${token}` }, data: { status: 'success', amount: 25000, refNo: 'KB25000' } })
    expect(await first.json()).toMatchObject({ awaitingSecond: { by: { username: staff.username }, amount: 25000 } })
    expect((await walletOf(request, member)).wallet).toBe(0)

    await page.getByRole('button', { name: 'Slips to read' }).click()
    await page.getByRole('button', { name: new RegExp(name) }).click()
    const detail = page.getByRole('article', { name: new RegExp(reference) })
    const note = detail.getByRole('note')
    await expect(note).toContainText('Waiting for a second person')
    await expect(note).toContainText(`${staff.username} approved`)
    await expect(note).toContainText('KB25000')
    await expectAxeClean(page)
    await note.getByRole('button', { name: /Confirm/ }).click()
    await expect(page.getByRole('status')).toHaveText(/approved/)
    await expect.poll(async () => (await walletOf(request, member)).wallet).toBe(25000)
  })

  test("an admin resets a cashier's sign-in: the cashier chooses their own password before anything else", async ({ page, request }) => {
    const cashier = await newStaff(request, 'cashier')
    await signInToConsole(page, await newStaff(request, 'admin'))
    await page.getByRole('button', { name: 'Staff' }).click()
    const row = page.getByRole('row', { name: new RegExp(cashier) })
    await expect(row).toContainText('password')
    await row.getByRole('button', { name: 'Reset sign-in' }).click()
    const form = page.getByRole('form', { name: `Reset the sign-in of ${cashier}` })
    await form.getByLabel('Temporary password').fill('short')
    await form.getByRole('button', { name: 'Reset sign-in' }).click()
    await expect(form.getByRole('alert')).toHaveText('At least 12 characters')
    await form.getByLabel('Temporary password').fill('temporary-password-47')
    await form.getByRole('button', { name: 'Reset sign-in' }).click()
    await expect(page.getByRole('status')).toHaveText(`The sign-in of ${cashier} was reset`)
    await expect(row).toContainText('must choose a password')
    await expectAxeClean(page)

    await page.getByRole('button', { name: 'Sign out' }).click()
    // The console's own forms have a Username too: wait for the sign-in page.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
    await page.getByLabel('Username').fill(cashier)
    await page.getByLabel('Password').fill('temporary-password-47')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible()
    await expect(page.getByRole('navigation')).toHaveCount(0)
    await expectAxeClean(page)
    await page.getByLabel('Current password').fill('temporary-password-47')
    await page.getByLabel('New password', { exact: true }).fill('my-own-cashier-password')
    await page.getByLabel('New password again').fill('my-own-cashier-passwrd')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByRole('alert')).toHaveText('The two new passwords differ')
    await page.getByLabel('New password again').fill('my-own-cashier-password')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByRole('heading', { name: /Slips to read/ })).toBeVisible()
    expect((await request.post('/ops/api/login', { data: { username: cashier, password: 'temporary-password-47' } })).status()).toBe(401)
  })
})
