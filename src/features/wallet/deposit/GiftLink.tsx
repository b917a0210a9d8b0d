import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../../api/config'
import type { Slip } from '../../../api/types'
import { currentLanguage } from '../../../i18n/i18n'
import { GIFT_LINK_MINIMUM, giftLinkRule, giftLinkSendDisabled, problemText } from '../../../lib/walletRules'
import { formatAmount } from '../../../lib/money'
import { usePlatform } from '../../../platform'
import { showToast } from '../../../state/ui'
import { Button } from '../../../ui/Button'
import { TextField } from '../../../ui/Field'
import { QrIcon } from '../../../ui/icons'
import { useMoneyAction } from '../useMoneyAction'
import { sendGiftLink } from './api'

/** The gift link is encrypted with crypto-js's AES module, loaded only when a link is sent. */
const encryptedBody = async (text: string): Promise<{ link: string }> => {
  const { truelinkBody } = await import('../../../lib/truelink')
  const body = truelinkBody(text, getConfig().truelinkSecret)
  if (!body) throw new Error('not a gift link')
  return body
}

/** Spec 1, 5, 7: a TrueMoney gift link (at least 2 baht), typed, pasted or scanned. */
export function GiftLink() {
  const { t } = useTranslation()
  const { platform } = usePlatform()
  const language = currentLanguage()
  const [text, setText] = useState('')
  const [touched, setTouched] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // AES output differs on every call: a retry of the same link resends the same ciphertext, so the
  // server sees the same request under the same Idempotency-Key.
  const encrypted = useRef<{ text: string; body: { link: string } } | null>(null)
  const bodyFor = async (link: string) => {
    if (encrypted.current?.text !== link) encrypted.current = { text: link, body: await encryptedBody(link) }
    return encrypted.current.body
  }
  const send = useMoneyAction<Slip, string>({
    call: async (link, headers) => sendGiftLink(await bodyFor(link), headers),
    onSuccess: () => {
      showToast(t('deposit.giftSent'), 'success')
      setText('')
      setTouched(false)
      setFailure(null)
    },
    onError: (error) => setFailure(error.message),
  })
  const problem = giftLinkRule(text)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (!problem) send.submit(text.trim())
  }
  const scan = () => {
    void platform.scanQr().then((scanned) => {
      if (scanned) setText(scanned)
    })
  }
  return (
    <form className="money-form" onSubmit={submit} noValidate>
      <p className="muted">{t('deposit.giftHint', { min: formatAmount(GIFT_LINK_MINIMUM, language) })}</p>
      <TextField
        label={t('deposit.giftLabel')}
        inputMode="url"
        autoComplete="off"
        placeholder="https://gift.truemoney.com/campaign/?v=…"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setFailure(null)
        }}
        error={touched && problem ? problemText(problem, (key, values) => t(key, values), language) : failure}
      />
      {platform.canScanQr() && (
        <Button type="button" variant="secondary" block onClick={scan}><QrIcon /> {t('deposit.giftScan')}</Button>
      )}
      <Button type="submit" block pending={send.pending} disabled={giftLinkSendDisabled(text)}>{t('deposit.giftSend')}</Button>
    </form>
  )
}
