import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../api/config'
import { ApiError } from '../../api/errors'
import type { Slip } from '../../../contract'
import type { Language } from '../../../contract/lib/language'
import { formatMoney } from '../../../contract/lib/money'
import { GIFT_LINK_MINIMUM, giftLinkRule, giftLinkSendDisabled, parseGiftLink } from './rules'
import { problemText } from '../../lib/walletRules'
import { usePlatform } from '../../platform'
import { canPaste, pastedText } from '../../platform/clipboard'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { QrIcon } from '../../ui/icons'
import { useMoneyAction } from '../../api/useMoneyAction'
import { sendGiftLink } from './api'
import { DepositArrived } from './DepositArrived'
import { PushOffer } from './PushOffer'
import { SlipResult } from './SlipResult'
import { useSlipOutcome } from './useSlipOutcome'
import { finePointer } from '../../ui/media'
import { showToast } from '../../state/ui'

/** The body for a link, encrypted with crypto-js's AES module, which is loaded only here and only
 *  when a link is sent (crypto-js stays out of home's chunks). */
async function encryptedBody(link: string, secret: string): Promise<{ link: string }> {
  const truelink = await import('./truelink').catch(() => {
    // The chunk did not arrive (offline): the same as a request that could not be sent.
    throw new ApiError('network')
  })
  const body = truelink.truelinkBody(link, secret)
  if (!body) throw new ApiError('TRUELINK_INVALID')
  return body
}

/** The last link encrypted. AES output differs on every call: the same link sent again (a retry,
 *  or from the form opened anew after its answer was lost) resends the same ciphertext, so the
 *  server sees the same request under the same Idempotency-Key (api/useMoneyAction.ts). */
let lastEncrypted: { link: string; secret: string; body: { link: string } } | null = null

async function encryptedOnce(link: string, secret: string): Promise<{ link: string }> {
  if (lastEncrypted?.link !== link || lastEncrypted.secret !== secret) lastEncrypted = { link, secret, body: await encryptedBody(link, secret) }
  return lastEncrypted.body
}

/** Spec 1, 5, 7: a TrueMoney gift link (at least 2 baht), typed, pasted or scanned. */
export function GiftLink({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const { platform } = usePlatform()
  const secret = getConfig().truelinkSecret
  const [text, setText] = useState('')
  const [touched, setTouched] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // The link sent, watched until staff redeem it or say why not.
  const [sent, setSent] = useState<Slip | null>(null)
  const latest = useSlipOutcome(sent)
  const send = useMoneyAction<Slip, string>({
    name: 'gift link',
    call: async (link, headers) => sendGiftLink(await encryptedOnce(link, secret), headers),
    // The form was left (another tab, the sheet closed) before the answer: no status line to say it on.
    toldWhenGone: () => showToast(t('deposit.giftSent'), 'success'),
    // Said once, by the status line under the form ("link sent: it is being checked"), not by a
    // toast beside it too (issue 51).
    onSuccess: (slip) => {
      setText('')
      setTouched(false)
      setFailure(null)
      setSent(slip)
    },
    // TRUELINK_DUPLICATE, TRUELINK_INVALID and the rest arrive translated (spec 8).
    onError: (error) => setFailure(error.message),
  })

  const problem = giftLinkRule(text)
  const edit = (value: string) => {
    setText(value)
    setFailure(null)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    const link = parseGiftLink(text)
    if (!problem && link) send.submit(link)
  }
  // Paste on a tap: the link copied from TrueMoney's share sheet, without a long press.
  // What was pasted or scanned may be a whole shared message: keep just the link, or say it is not one.
  const fill = (found: string) => {
    edit(parseGiftLink(found) ?? found)
    setTouched(true)
  }
  const paste = async () => {
    const pasted = await pastedText()
    // A phone pastes by a long press on the field; a computer by its keys.
    if (pasted === null) return setFailure(t(finePointer() ? 'deposit.giftPasteRefusedKeys' : 'deposit.giftPasteRefused'))
    if (!pasted.trim()) return setFailure(t('deposit.giftPasteEmpty'))
    fill(pasted)
  }
  const scan = () => {
    platform.scanQr().then(
      (scanned) => {
        if (scanned !== null) fill(scanned)
      },
      () => setFailure(t('deposit.scanFailed')),
    )
  }

  if (latest?.status === 'SUCCESS') {
    const deposit = { amount: latest.amount, currency: 'THB' as const, way: t('deposit.tabGift'), reference: latest.reference, at: latest.createdAt }
    return <DepositArrived deposit={deposit} onDone={onDone} />
  }

  // Without the operator's secret nothing can be sent (docs/design.md: the runtime config holds it).
  if (!secret) return <p className="notice" role="status">{t('deposit.giftUnavailable')}</p>

  return (
    <form className="money-form" onSubmit={submit} noValidate>
      <p className="muted">{t('deposit.giftHint', { min: formatMoney(GIFT_LINK_MINIMUM, language, 'THB') })}</p>
      <TextField
        label={t('deposit.giftLabel')}
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('deposit.giftPlaceholder')}
        value={text}
        onChange={(event) => edit(event.target.value)}
        trailing={canPaste() && <button type="button" className="field__action" onClick={() => void paste()}>{t('deposit.giftPaste')}</button>}
        error={touched && problem ? problemText(problem, (key, values) => t(key, values), language) : failure}
      />
      {platform.canScanQr() && (
        <Button type="button" variant="secondary" block onClick={scan}>
          <QrIcon /> {t('deposit.giftScan')}
        </Button>
      )}
      <Button type="submit" block pending={send.pending} disabled={giftLinkSendDisabled(text)}>{t('deposit.giftSend')}</Button>
      <p className={latest?.status === 'FAILED' ? 'deposit-status deposit-status--failed' : 'deposit-status'} role="status" data-testid="gift-status">{latest ? <SlipResult slip={latest} gift /> : ''}</p>
      {latest?.status === 'PROCESSING' && <PushOffer />}
    </form>
  )
}
