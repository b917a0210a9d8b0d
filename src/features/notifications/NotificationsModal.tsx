// The bell's list (issue 50), in a chunk of its own that comes when the bell is tapped: the member's
// last 50 events of money, newest first, each opening the screen that shows it.
import { useTranslation } from 'react-i18next'
import type { Bank, MemberNotification, Notifications } from '../../../contract'
import { useBanks } from '../../api/lookup'
import { currentLanguage } from '../../i18n/i18n'
import { bankName } from '../../lib/banks'
import { formatDate, relativeTime } from '../../lib/dates'
import { formatDateTime } from '../../lib/time'
import { currencyOf, formatMoney } from '../../../contract/lib/money'
import { maskAccountNumber } from '../../../contract/lib/validation'
import { ChatIcon, DepositIcon, FlagIcon, GiftIcon, WithdrawIcon } from '../../ui/icons'
import { Modal } from '../../ui/Modal'
import './notifications.css'

const ICONS = { deposit_credited: DepositIcon, deposit_refused: FlagIcon, withdrawal_paid: WithdrawIcon, withdrawal_failed: FlagIcon, reward_received: GiftIcon, support_answered: ChatIcon, prize_expiring: GiftIcon }

function NotificationRow({ notification, banks, fresh, onOpen }: { notification: MemberNotification; banks: readonly Bank[] | undefined; fresh: boolean; onOpen: () => void }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const currency = currencyOf(notification.currency)
  const money = (value: number | undefined) => formatMoney(value ?? 0, language, currency)
  const method = notification.method ? t(`notifications.method.${notification.method}`) : ''
  const bank = bankName(banks?.find((known) => known.code === notification.bankCode), language, notification.bankCode)
  const Icon = ICONS[notification.kind]
  const detail = {
    deposit_credited: t('notifications.detail.deposit_credited', { method }),
    deposit_refused: t('notifications.detail.deposit_refused', { method, reason: t(`slipReasons.${notification.reason ?? ''}`, { defaultValue: notification.reason ?? '' }) }),
    withdrawal_paid: t('notifications.detail.withdrawal_paid', { bank, account: maskAccountNumber(notification.bankAccountNo ?? '') }),
    withdrawal_failed: t('notifications.detail.withdrawal_failed'),
    reward_received: notification.reward ? t(`notifications.reward.${notification.reward}`) : '',
    support_answered: notification.preview ?? t('notifications.supportOpen'),
    prize_expiring: t('notifications.detail.prize_expiring', { prize: notification.prize ?? '', time: notification.expiresAt ? formatDateTime(notification.expiresAt) : '' }),
  }[notification.kind]
  const sign = notification.kind === 'deposit_credited' || notification.kind === 'withdrawal_failed' || notification.kind === 'reward_received' ? '+' : notification.kind === 'withdrawal_paid' ? '−' : ''
  return (
    <button type="button" className={`notification${fresh ? ' notification--fresh' : ''}`} onClick={onOpen}>
      <span className={`notification__icon notification__icon--${notification.kind}`}><Icon /></span>
      <span className="notification__title">
        {fresh && <span className="visually-hidden">{t('notifications.new')} </span>}
        {t(`notifications.kind.${notification.kind}`)}
      </span>
      {notification.amount !== undefined && <strong className={`notification__amount${sign ? ` notification__amount--${sign === '+' ? 'in' : 'out'}` : ''}`}>{sign}{money(notification.amount)}</strong>}
      <span className="notification__body">
        <span>{detail}</span>
        {notification.balance !== undefined && <span>{t('notifications.balance', { balance: money(notification.balance) })}</span>}
        {notification.bankReference && <span>{t('notifications.bankReference', { reference: notification.bankReference })}</span>}
        <time dateTime={notification.createdAt} title={formatDate(notification.createdAt, language)}>{relativeTime(notification.createdAt, language)}</time>
      </span>
    </button>
  )
}

export interface NotificationsModalProps {
  /** The list as last read; undefined while it has not come, `failed` when it could not. */
  list: Notifications | undefined
  failed: boolean
  onClose: () => void
  onOpen: (notification: MemberNotification) => void
}

export default function NotificationsModal({ list, failed, onClose, onOpen }: NotificationsModalProps) {
  const { t } = useTranslation()
  const banks = useBanks()
  const notifications = list?.notifications ?? []
  return (
    <Modal open onClose={onClose} title={t('notifications.title')} className="notifications">
      {!list && !failed && <p className="muted">{t('common.loading')}</p>}
      {!list && failed && <p className="muted">{t('notifications.unavailable')}</p>}
      {list && notifications.length === 0 && <p className="muted notifications__empty">{t('notifications.empty')}</p>}
      {notifications.length > 0 && (
        <ul className="notifications__list">
          {notifications.map((notification) => (
            <li key={notification.id}>
              <NotificationRow notification={notification} banks={banks.data} fresh={!notification.read} onOpen={() => onOpen(notification)} />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  )
}
