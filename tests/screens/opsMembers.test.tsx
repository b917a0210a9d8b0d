// The staff console's member page (issue 52 §3): a member found and opened shows their bonuses, the
// last chat messages and the wallet's corrections; an admin applies another admin's correction with
// a reason, proposes one (a bad amount refused in place, what was typed kept), is told why their
// own cannot be applied and keeps what they typed when the server refuses; support sees no
// corrections and never asks for them.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Correction, MemberDetail } from '../../contract/ops'
import { Members } from '../../ops/features/members/Members'
import { failing, renderOpsScreen, STAFF, type OpsCall } from '../renderOpsScreen'
import { setLanguage } from '../../ops/lib/i18n'

const MEMBER = { id: '123', phone: '081xxxx678', name: 'SOMCHAI TESTER', currency: 'THB' }

const correction = (id: string, madeBy: { id: string; username: string }, status: Correction['status'] = 'pending'): Correction => ({
  id, member: MEMBER, direction: 'credit', amount: 25.5, reason: 'QR paid twice, booked once', status,
  madeBy, madeAt: '2026-12-05T04:00:00.000Z', decidedBy: null, decidedAt: null, decisionReason: null,
})
const OTHER_ADMIN = { id: '9', username: 'admin9' }

function detail(corrections: Correction[]): MemberDetail {
  return {
    member: { ...MEMBER, bankCode: 'KBANK', bankAccountNo: 'xxxxxx5678', active: true, createdAt: '2026-01-01T00:00:00.000Z', balance: 100, bankAccountName: 'SOMCHAI TESTER' },
    suspendedAt: null, games: [], movements: [], withdrawals: [], slips: [], sessions: [], linked: [], notes: [],
    devices: [{ kind: 'passkey', addedAt: '2026-11-01T00:00:00.000Z', lastUsedAt: '2026-12-04T00:00:00.000Z' }],
    corrections,
    bonuses: [{ code: 'WELCOME100', name: 'Welcome 100%', kind: 'bonus', status: 'active', amount: 100, turnover: 20, turnoverTarget: 600, createdAt: '2026-12-01T00:00:00.000Z', endedAt: null }],
    chat: {
      conversation: '55',
      messages: [
        { _id: '2', sender: 'agent', message: { message_type: 'text', payload: 'Looking at it now' }, createdAt: '2026-12-05T04:01:00.000Z', session_id: 's1', userId: '123', guestId: null, name: 'Ploy' },
        { _id: '1', sender: 'customer', message: { message_type: 'text', payload: 'my bonus is stuck' }, createdAt: '2026-12-05T04:00:00.000Z', session_id: 's1', userId: '123', guestId: null },
      ],
    },
  }
}

const SUMMARY = { ...MEMBER, bankCode: 'KBANK', bankAccountNo: 'xxxxxx5678', active: true, createdAt: '2026-01-01T00:00:00.000Z', balance: 100 }
const posts = (calls: OpsCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body)
const reads = (calls: OpsCall[], path: string) => calls.filter((call) => call.method === 'GET' && call.path === path).length

async function openMember(user: Awaited<ReturnType<typeof renderOpsScreen>>['user']) {
  await user.type(screen.getByLabelText(/Phone \(or its last 4 digits\)/), '5678')
  await user.click(screen.getByRole('button', { name: 'Search' }))
  await user.click(await screen.findByRole('button', { name: /SOMCHAI TESTER/ }))
  return screen.findByRole('article', { name: 'SOMCHAI TESTER' })
}

describe('the member page', () => {
  it("shows bonuses and the chat; an admin applies another admin's correction with a reason, and the page and the waiting list are read again", async () => {
    let applied = false
    const { user, calls } = await renderOpsScreen(<Members />, {
      api: {
        'GET /ops/api/members': { members: [SUMMARY] },
        'GET /ops/api/members/:id': () => detail([correction('7', OTHER_ADMIN, applied ? 'applied' : 'pending')]),
        'GET /ops/api/corrections': () => ({ corrections: applied ? [] : [correction('7', OTHER_ADMIN)] }),
        'POST /ops/api/corrections/:id': () => {
          applied = true
          return { ...correction('7', OTHER_ADMIN, 'applied'), decidedBy: { id: STAFF.admin.id, username: STAFF.admin.username }, decidedAt: '2026-12-05T05:00:00.000Z', decisionReason: 'Matched the bank' }
        },
      },
    })
    const waiting = await screen.findByRole('region', { name: /Corrections waiting for a second admin \(1\)/ })
    expect(within(waiting).getByRole('listitem')).toHaveTextContent(/SOMCHAI TESTER.*25\.50.*QR paid twice, booked once.*admin9/)
    const page = await openMember(user)
    expect(within(page).getByText(/Welcome 100%.*bonus.*active/)).toBeInTheDocument()
    expect(within(page).getByText(/turnover ฿20\.00 of ฿600\.00/)).toBeInTheDocument()
    expect(within(page).getByText(/^Passkey · added .* · last used /)).toBeInTheDocument()
    // The chat, oldest first, with who wrote each.
    const messages = within(page).getByRole('list', { name: 'Messages' })
    expect(within(messages).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringMatching(/my bonus is stuck$/), expect.stringMatching(/Ploy.*Looking at it now$/)])

    const form = within(page).getByRole('form', { name: 'Apply' })
    // No reason, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Apply' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Write the reason first')
    expect(posts(calls, '/ops/api/corrections/7')).toEqual([])
    await user.type(within(form).getByLabelText('Reason (kept in the audit trail)'), 'Matched the bank')
    const before = { page: reads(calls, '/ops/api/members/123'), waiting: reads(calls, '/ops/api/corrections') }
    await user.click(within(form).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(within(page).getByText(/applied/)).toBeInTheDocument())
    expect(posts(calls, '/ops/api/corrections/7')).toEqual([{ status: 'applied', reason: 'Matched the bank' }])
    expect(reads(calls, '/ops/api/members/123')).toBe(before.page + 1)
    await waitFor(() => expect(reads(calls, '/ops/api/corrections')).toBe(before.waiting + 1))
    await waitFor(() => expect(screen.getByRole('region', { name: /Corrections waiting for a second admin \(0\)/ })).toBeInTheDocument())
  })

  it('proposes a correction: a bad amount is refused in place and nothing is lost; a good one is sent once', async () => {
    const { user, calls } = await renderOpsScreen(<Members />, {
      api: {
        'GET /ops/api/members': { members: [SUMMARY] },
        'GET /ops/api/members/:id': detail([]),
        'GET /ops/api/corrections': { corrections: [] },
        'POST /ops/api/members/:id/corrections': ({ body }: OpsCall) => ({ ...correction('8', { id: STAFF.admin.id, username: STAFF.admin.username }), ...(body as object) }),
      },
    })
    const page = await openMember(user)
    const form = within(page).getByRole('form', { name: 'Propose a correction' })
    await user.selectOptions(within(form).getByLabelText('Direction'), 'debit')
    await user.type(within(form).getByLabelText('Amount (THB)'), '25.555')
    await user.type(within(form).getByLabelText('Reason (kept in the audit trail)'), 'Credited twice')
    await user.click(within(form).getByRole('button', { name: 'Propose a correction' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Type an amount above 0 with at most 2 decimals')
    expect(within(form).getByLabelText('Reason (kept in the audit trail)')).toHaveValue('Credited twice')
    expect(posts(calls, '/ops/api/members/123/corrections')).toEqual([])
    await user.clear(within(form).getByLabelText('Amount (THB)'))
    await user.type(within(form).getByLabelText('Amount (THB)'), '25.50')
    await user.click(within(form).getByRole('button', { name: 'Propose a correction' }))
    expect(await within(form).findByRole('status')).toHaveTextContent('Proposed: waiting for a second admin')
    expect(posts(calls, '/ops/api/members/123/corrections')).toEqual([{ direction: 'debit', amount: 25.5, reason: 'Credited twice' }])
  })

  it("says why an admin's own correction cannot be applied by them, and keeps the reason when the server refuses a decision", async () => {
    const { user } = await renderOpsScreen(<Members />, {
      api: {
        'GET /ops/api/members': { members: [SUMMARY] },
        'GET /ops/api/members/:id': detail([correction('8', { id: STAFF.admin.id, username: STAFF.admin.username }), correction('7', OTHER_ADMIN)]),
        'GET /ops/api/corrections': { corrections: [] },
        'POST /ops/api/corrections/:id': failing(409, 'ALREADY_DECIDED'),
      },
    })
    const page = await openMember(user)
    const [own, other] = within(page).getAllByRole('form', { name: 'Apply' })
    expect(within(own).getByRole('button', { name: 'Apply' })).toRefusePresses()
    expect(within(own).getByRole('button', { name: 'Apply' })).toHaveAccessibleDescription(/You proposed this: another admin must apply it/)
    expect(within(own).getByRole('button', { name: 'Refuse' })).not.toRefusePresses()
    await user.type(within(other).getByLabelText('Reason (kept in the audit trail)'), 'Matched the bank')
    await user.click(within(other).getByRole('button', { name: 'Apply' }))
    expect(await within(other).findByRole('alert')).toHaveTextContent('Someone decided this one already')
    expect(within(other).getByLabelText('Reason (kept in the audit trail)')).toHaveValue('Matched the bank')
  })

  it('hands the members found on as a CSV file, UTF-8 with a byte-order mark', async () => {
    const files: Blob[] = []
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (files.push(blob), 'blob:members'), revokeObjectURL: () => undefined }))
    // The browser's download, which jsdom does not do: the file's name is what is checked.
    const downloaded = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('members.csv')
    })
    const { user } = await renderOpsScreen(<Members />, {
      role: 'support',
      api: { 'GET /ops/api/members': { members: [SUMMARY] } },
    })
    await user.type(screen.getByLabelText(/Phone \(or its last 4 digits\)/), '5678')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }))
    expect(downloaded).toHaveBeenCalledTimes(1)
    downloaded.mockRestore()
    // Decoding drops the byte-order mark: it is checked on the bytes.
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
      reader.readAsArrayBuffer(files[0])
    })
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(new TextDecoder().decode(bytes).trim().split('\n')).toEqual([
      'ID,Name,Phone,Bank,Account number,Currency,Balance,Active,Created',
      '123,SOMCHAI TESTER,081xxxx678,KBANK,xxxxxx5678,THB,100.00,1,2026-01-01T00:00:00.000Z',
    ])
  })

  it("writes the member's movements, accounts and slip states in the console's language, not the ledger's codes", async () => {
    const { user } = await renderOpsScreen(<Members />, {
      api: {
        'GET /ops/api/members': { members: [SUMMARY] },
        'GET /ops/api/members/:id': {
          ...detail([]),
          movements: [
            { id: '2', kind: 'transfer_settled', note: '', createdAt: '2026-12-05T04:01:00.000Z', changes: [{ account: 'wallet', amount: -50 }, { account: 'game:PG', amount: 50 }] },
            { id: '1', kind: 'deposit', note: '', createdAt: '2026-12-05T04:00:00.000Z', changes: [{ account: 'wallet', amount: 150 }] },
          ],
          slips: [{ reference: 'S1', kind: 'slip', status: 'success', amount: 150, createdAt: '2026-12-05T04:00:00.000Z' }],
        },
        'GET /ops/api/corrections': { corrections: [] },
      },
    })
    await user.type(screen.getByLabelText(/Phone \(or its last 4 digits\)/), '5678')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    const found = await screen.findByRole('button', { name: /SOMCHAI TESTER/ })
    // The page opened in Thai (the console's views follow the language as they render).
    setLanguage('th')
    await user.click(found)
    const page = await screen.findByRole('article', { name: 'SOMCHAI TESTER' })
    await within(page).findAllByText(/กระเป๋าหลัก/)
    const lists = within(page).getAllByRole('list').map((list) => list.textContent ?? '').join(' | ')
    for (const words of ['โยกเงินสำเร็จ', 'กระเป๋าหลัก', 'PG', 'ฝากเงิน', 'เติมเงินแล้ว']) expect(lists).toContain(words)
    for (const code of ['transfer_settled', 'wallet', 'game:', 'deposit', 'success']) expect(lists).not.toContain(code)
  })

  it('support sees no corrections and never asks for them', async () => {
    const { user, calls } = await renderOpsScreen(<Members />, {
      role: 'support',
      api: { 'GET /ops/api/members': { members: [SUMMARY] }, 'GET /ops/api/members/:id': detail([correction('7', OTHER_ADMIN)]) },
    })
    const page = await openMember(user)
    expect(within(page).getByText(/Welcome 100%/)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: /Corrections waiting/ })).toBeNull()
    expect(within(page).queryByRole('heading', { name: 'Wallet corrections' })).toBeNull()
    expect(reads(calls, '/ops/api/corrections')).toBe(0)
  })
})
