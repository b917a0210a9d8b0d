import { useRef, useState } from 'react'
import { isApiError } from '../../api/errors'
import { showToast } from '../../state/ui'
import { useTranslation } from 'react-i18next'
import type { Currency } from '../../../contract'
import { usePlatform } from '../../platform'
import { QrCode } from '../../ui/QrCode'
import { Button } from '../../ui/Button'
import { showCopyResult } from '../../ui/copy'
import { ShareIcon } from '../../ui/icons'
import { Modal } from '../../ui/Modal'
import { useCollectInvite, useInviteCollectOffered, useInvites } from './api'
import { RewardList } from './RewardList'

interface InviteModalProps {
  /** The member's invite code (PR plus the member id, spec 2). */
  code: string
  currency: Currency
  /** `saved`: a collect earned a bonus, so home reads the wallet again (spec 2). */
  onClose: (saved: boolean) => void
}

/** Spec 2 "Invite and refund modals": the invite link to share, and the friends invited, 10 a page. */
/** A collect refused because there is nothing to gather yet: no friend has played, or nothing since the last collect. */
const COLLECT_RULES = new Set(['NO_INVITEE_PLAY_INFO', 'INVITE_COLLECT'])

export default function InviteModal({ code, currency, onClose }: InviteModalProps) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const invites = useInvites(page)
  const collectOffered = useInviteCollectOffered().data === true
  const saved = useRef(false)
  const [collectNote, setCollectNote] = useState<string | null>(null)
  // Spec 6, 7: the friends' play gathered into the bonus earned; it may take up to 5 minutes.
  const collect = useCollectInvite({
    onSuccess: () => {
      saved.current = true
      showToast(t('rewards.inviteCollectDone'), 'success')
    },
    // Nothing to gather yet is said where the player asked, not in a toast that goes.
    onError: (error) => {
      if (isApiError(error) && COLLECT_RULES.has(error.code)) setCollectNote(error.message)
      else showToast(error.message)
    },
  })
  const gather = () => {
    setCollectNote(null)
    collect.submit()
  }
  // Shares through the host once it has started: LINE's picker, Telegram's share sheet.
  const { platform, ready } = usePlatform()

  // No await before share(): LIFF's shareTargetPicker must run inside the tap (docs/design.md).
  const share = () => {
    const url = platform.inviteUrl(code)
    void platform.share(t('home.inviteText', { code }), url).then((result) => {
      if (result === 'copied' || result === 'failed') showCopyResult(result === 'copied', url)
      if (result === 'shared') platform.haptic('success')
    })
  }

  return (
    <Modal open onClose={() => onClose(saved.current)} title={t('home.inviteTitle')}>
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
        {collectOffered && (
          <div className="invite-modal__collect">
            <p className="muted">{t('rewards.inviteCollectHint')}</p>
            <Button type="button" variant="secondary" block pending={collect.pending} firstClickOnly onClick={gather}>
              {t('rewards.inviteCollect')}
            </Button>
            {collectNote && <p className="notice" role="status">{collectNote}</p>}
          </div>
        )}
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
