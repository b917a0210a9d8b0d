// The offer's button (TelegramPhoneOffer decides where it shows; this chunk and its strings load
// only there). The player shares the phone in Telegram's own dialog; the server checks the signed
// contact and answers the number. A refusal or a cancel changes nothing.
import '../../i18n/identityStrings'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TelegramContactResponse } from '../../../contract'
import type { PhoneContact } from '../../platform/types'
import { Button } from '../../ui/Button'
import { useCheckTelegramContact } from '../../api/identity/messengers'

type Note = { text: string; tone: 'info' | 'success' | 'error' }

export default function TelegramPhoneButton({ phoneContact, onPhone }: { phoneContact: PhoneContact; onPhone: (answer: TelegramContactResponse) => void }) {
  const { t } = useTranslation()
  const check = useCheckTelegramContact()
  const [asking, setAsking] = useState(false)
  const [note, setNote] = useState<Note | null>(null)
  // A ref, not state: two taps can land before React renders the button disabled.
  const busy = useRef(false)

  const onClick = async () => {
    if (busy.current) return
    busy.current = true
    setNote(null)
    setAsking(true)
    const signed = await phoneContact.request().catch(() => null)
    setAsking(false)
    if (!signed) {
      busy.current = false
      return setNote({ text: t('identity.telegramPhone.declined'), tone: 'info' })
    }
    check.mutate(signed, {
      onSuccess: (answer) => {
        onPhone(answer)
        setNote({ text: t(answer.otpToken ? 'identity.telegramPhone.verified' : 'identity.telegramPhone.filled'), tone: 'success' })
      },
      onError: (error) => setNote({ text: error.message, tone: 'error' }),
      onSettled: () => {
        busy.current = false
      },
    })
  }

  return (
    <div className="stack">
      <Button type="button" variant="secondary" block pending={asking || check.isPending} onClick={() => void onClick()}>
        {t('identity.telegramPhone.use')}
      </Button>
      {note && <p className={note.tone === 'info' ? 'notice' : `notice notice--${note.tone}`} role="status">{note.text}</p>}
    </div>
  )
}
