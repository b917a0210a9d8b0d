import { useTranslation } from 'react-i18next'
import type { Language } from '../../i18n/language'
import { depositBankName, type BankMethod, type DepositMethods } from './methods'
import { groupAccountNumber } from '../../lib/validation'
import { copyWithToast } from '../../ui/copy'
import { CopyIcon } from '../../ui/icons'
import { SlipUpload } from './SlipUpload'

function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={() => void copyWithToast(text)}>
      <CopyIcon />
    </button>
  )
}

function BankAccount({ method }: { method: BankMethod }) {
  const { t, i18n } = useTranslation()
  const { entry } = method
  const bank = depositBankName(method, i18n.language as Language)
  return (
    <li className="account-line" data-testid="deposit-account">
      <div className="account-line__text">
        <span className="account-line__bank">{bank}</span>
        <span className="account-line__no">{groupAccountNumber(entry.bankAccountNo)}</span>
        <span>{entry.bankAccountName}</span>
        <span className={method.auto ? 'deposit-badge deposit-badge--auto' : 'deposit-badge'}>{method.auto ? t('deposit.auto') : t('deposit.manual')}</span>
      </div>
      <CopyButton text={entry.bankAccountNo} label={t('deposit.copyAccount', { bank })} />
    </li>
  )
}

/** The accounts to transfer to (spec 2 "Deposit"): banks with their copy actions, TrueWallet
 *  accounts, and below them the slip upload for a transfer already made. */
export function BankAccounts({ methods }: { methods: DepositMethods }) {
  const { t } = useTranslation()
  return (
    <div className="stack">
      <p className="muted" data-testid="deposit-list">{methods.list === 'manual' ? t('deposit.manualList') : t('deposit.automaticList')}</p>
      <ul className="stack plain-list" aria-label={t('deposit.accounts')}>
        {methods.banks.map((method) => (
          <BankAccount key={`${method.entry.bankCode}-${method.entry.bankAccountNo}`} method={method} />
        ))}
        {methods.trueWallets.map((wallet) => (
          <li key={wallet.walletAccountName} className="account-line" data-testid="deposit-account">
            <div className="account-line__text">
              <span className="account-line__bank">{t('deposit.trueWallet')}</span>
              <span className="account-line__no">{wallet.walletAccountName}</span>
              <span className="deposit-badge deposit-badge--auto">{t('deposit.auto')}</span>
            </div>
            <CopyButton text={wallet.walletAccountName} label={t('deposit.copyWallet')} />
          </li>
        ))}
      </ul>
      <p className="muted">{t('deposit.creditedSoon')}</p>
      {methods.slipUpload && <SlipUpload />}
    </div>
  )
}
