// "Use my Telegram phone number" (issue 31 section 3), on the login form and registration's phone
// step: inside Telegram, and only where the server can verify what Telegram signs (the runtime
// config's identity.telegramContact). The player shares the phone in Telegram's own dialog; the
// server checks the signed contact and answers the number. A refusal or a cancel changes nothing.
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../api/config'
import type { TelegramContactResponse } from '../../api/contract'
import { usePlatform } from '../../platform'
import { Button } from '../../ui/Button'
import { useCheckTelegramContact } from './api'

type Note = { text: string; tone: 'info' | 'success' | 'error' }

export function TelegramPhoneOffer({ onPhone }: { onPhone: (answer: TelegramContactResponse) => void }) {
  const { t } = useTranslation()
  const { platform, ready } = usePlatform()
  const check = useCheckTelegramContact()
  const [asking, setAsking] = useState(false)
  const [note, setNote] = useState<Note | null>(null)
  // A ref, not state: two taps can land before React renders the button disabled.
  const busy = useRef(false)
  const phoneContact = platform.phoneContact
  if (!ready || !phoneContact || getConfig().identity?.telegramContact !== true) return null

  const onClick = async () => {
    if (busy.current) return
    busy.current = true
    setNote(null)
    setAsking(true)
    const signed = await phoneContact.request().catch(() => null)
    setAsking(false)
    if (!signed) {
      busy.current = false
      return setNote({ text: t('login.telegramPhone.declined'), tone: 'info' })
    }
    check.mutate(signed, {
      onSuccess: (answer) => {
        onPhone(answer)
        setNote({ text: t(answer.otpToken ? 'login.telegramPhone.verified' : 'login.telegramPhone.filled'), tone: 'success' })
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
        {t('login.telegramPhone.use')}
      </Button>
      {note && <p className={note.tone === 'info' ? 'notice' : `notice notice--${note.tone}`} role="status">{note.text}</p>}
    </div>
  )
}
