import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Currency } from '../../api/types'
import { usePlatform } from '../../platform'
import { QrCode } from '../../ui/QrCode'
import { Button } from '../../ui/Button'
import { showCopyResult } from '../../ui/copy'
import { ShareIcon } from '../../ui/icons'
import { Modal } from '../../ui/Modal'
import { useInvites } from './api'
import { RewardList } from './RewardList'

interface InviteModalProps {
  /** The member's invite code (PR plus the member id, spec 2). */
  code: string
  currency: Currency
  onClose: () => void
}

/** Spec 2 "Invite and refund modals": the invite link to share, and the friends invited, 10 a page. */
export default function InviteModal({ code, currency, onClose }: InviteModalProps) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const invites = useInvites(page)
  // Shares through the host once it has started: LINE's picker, Telegram's share sheet.
  const { platform, ready } = usePlatform()

  // No await before share(): LIFF's shareTargetPicker must run inside the tap (DESIGN.md).
  const share = () => {
    const url = platform.inviteUrl(code)
    void platform.share(t('home.inviteText', { code }), url).then((result) => {
      if (result === 'copied' || result === 'failed') showCopyResult(result === 'copied', url)
      if (result === 'shared') platform.haptic('success')
    })
  }

  return (
    <Modal open onClose={onClose} title={t('home.inviteTitle')}>
      <div className="stack">
        <p className="muted">{t('home.inviteHint')}</p>
        <p className="invite-modal__code">
          {t('home.inviteCode')} <strong>{code}</strong>
        </p>
        {code && ready && (
          <figure className="invite-modal__qr">
            <QrCode text={platform.inviteUrl(code)} label={t('home.inviteQrLabel')} />
            <figcaption className="muted">{t('home.inviteQr')}</figcaption>
          </figure>
        )}
        <Button type="button" block disabled={!code || !ready} onClick={share}>
          <ShareIcon /> {t('home.share')}
        </Button>
        <RewardList
          title={t('rewards.invitedTitle')}
          empty={t('rewards.noInvites')}
          rows={invites}
          toRow={(invite) => ({ label: invite.from?.name ?? '—', amount: Number(invite.amount) || 0, date: invite.createdAt ?? '' })}
          currency={currency}
          page={page}
          onPage={setPage}
        />
      </div>
    </Modal>
  )
}
