// A statement row's receipt (issue 17, issue 51's one receipt): the amount large with its status in
// a chip, why a failed row failed among the facts, the reference with its copy button, the time on
// one line, and a share that carries every line the receipt shows.
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { StatementEntry } from '../../contract'
import ReceiptSheet from '../../src/features/statement/ReceiptSheet'
import { formatDate } from '../../src/lib/dates'
import { formatMoney } from '../../contract/lib/money'
import { factsOf, renderScreen, text } from '../renderScreen'

const NAMES = { language: 'en' as const, slots: [{ code: 'PG', name: 'PG game' }], banks: [] }

function entry(overrides: Partial<StatementEntry>): StatementEntry {
  return {
    reference: 'W1234567890ABCDEF', statementType: 'withdraw', from: 'WALLET', to: 'KBANK', status: 'FAILED', amount: 300, currency: 'THB',
    createdAt: '2026-11-27T14:22:15.000Z', note: null,
    destination: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: 'xxxxxx7890' },
    ...overrides,
  }
}

describe('a statement receipt', () => {
  it('leads with the signed amount and its status, then the facts; a failed slip says why', async () => {
    await renderScreen(<ReceiptSheet entry={entry({ statementType: 'deposit', from: 'slip', to: 'WALLET', destination: undefined, note: 'SLIP_REFNO_DUPLICATED', reference: 'D77' })} names={NAMES} currency="THB" onClose={() => {}} />)
    const receipt = screen.getByRole('status')
    expect(receipt.querySelector('.money-receipt__amount')).toHaveTextContent(`+${formatMoney(300, 'en', 'THB')}`)
    expect(within(receipt).getByText(text('statement.status.failed'))).toHaveClass('status-badge--failed')
    expect(receipt).toHaveClass('money-receipt--failed')
    expect(factsOf(receipt)).toMatchObject({
      [text('receipt.reference')]: 'D77',
      [text('receipt.time')]: formatDate('2026-11-27T14:22:15.000Z', 'en'),
      [text('receipt.note')]: text('slipReasons.SLIP_REFNO_DUPLICATED'),
    })
  })

  it('shares every line it shows, the amount and the status among them, and closes with a secondary button', async () => {
    const onClose = vi.fn()
    const { user, platform } = await renderScreen(<ReceiptSheet entry={entry({ status: 'SUCCESS' })} names={NAMES} currency="THB" onClose={onClose} />)
    const receipt = screen.getByRole('status')
    expect(within(receipt).getByText(text('statement.status.success'))).toHaveClass('status-badge--success')
    // The reference whole for a screen reader and the copy, with its copy button.
    expect(receipt.querySelector('.reference__text')).toHaveAttribute('title', 'W1234567890ABCDEF')
    expect(within(receipt).getByRole('button', { name: text('receipt.copyReference') })).toBeVisible()
    await user.click(within(receipt).getByRole('button', { name: text('receipt.share') }))
    const [shared] = platform.share.mock.calls[0] as [string]
    for (const line of [
      // The typographic minus (U+2212) the statement signs a withdrawal with.
      `${text('receipt.amount')}: \u2212${formatMoney(300, 'en', 'THB')}`,
      `${text('receipt.status')}: ${text('statement.status.success')}`,
      `${text('receipt.reference')}: W1234567890ABCDEF`,
      `${text('receipt.destination')}: `,
    ]) expect(shared).toContain(line)
    // The number the server masked, grouped as the withdraw form's.
    expect(shared).toMatch(new RegExp(`${text('receipt.destination')}: .*xxx-xxx-7890\\n`))
    const close = within(receipt).getByRole('button', { name: text('common.close') })
    expect(close).toHaveClass('button--secondary')
    await user.click(close)
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('says so when the picture cannot be made, and the receipt stays', async () => {
    // jsdom draws nothing: no 2d canvas, as on a WebView that refuses one.
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
    const { user } = await renderScreen(<ReceiptSheet entry={entry({ status: 'SUCCESS' })} names={NAMES} currency="THB" onClose={() => {}} />)
    const receipt = screen.getByRole('status')
    await user.click(within(receipt).getByRole('button', { name: text('receipt.savePicture') }))
    expect(await screen.findByText(text('receipt.pictureFailed'))).toBeVisible()
    expect(within(receipt).getByRole('button', { name: text('receipt.savePicture') })).not.toRefusePresses()
    expect(getContext).toHaveBeenCalledWith('2d')
    getContext.mockRestore()
  })
})
