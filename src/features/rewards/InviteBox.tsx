import { useTranslation } from 'react-i18next'
import type { WalletResponse } from '../../../contract'
import { currentLanguage } from '../../i18n/i18n'
import { currencyOf, formatMoney } from '../../../contract/lib/money'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { GiftIcon } from '../../ui/icons'
import { useReceiveInviteBonus } from './api'

/** Spec 2: the invite bonus earned so far and a button that moves it to the wallet. */
export function InviteBox({ wallet }: { wallet: WalletResponse | undefined }) {
  const { t } = useTranslation()
  // Moving the bonus is a money call: one key per tap, locked while pending (useMoneyAction).
  const receive = useReceiveInviteBonus({
    onSuccess: () => showToast(t('home.inviteCollected'), 'success'),
    onError: (error) => showToast(error.message),
  })
  const invite = wallet?.invite
  return (
    <div className="invite-box">
      <GiftIcon />
      <div className="invite-box__text">
        <span className="invite-box__label">{t('home.inviteBonus')}</span>
        <strong data-testid="invite-amount" data-amount>{invite ? formatMoney(invite.amount, currentLanguage(), currencyOf(wallet.wallet.currency)) : '—'}</strong>
        {invite && <span className="muted invite-box__counts">{t('home.inviteCounts', { success: invite.success, fail: invite.fail })}</span>}
      </div>
      <Button type="button" variant="secondary" disabled={!invite || !(invite.amount > 0)} pending={receive.pending} onClick={() => receive.submit()}>
        {t('home.inviteReceive')}
      </Button>
    </div>
  )
}
