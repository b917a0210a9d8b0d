import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../../contract/lib/language'
import { depositBankName, type BankMethod, type DepositMethods, type WalletAccountEntry } from './methods'
import { BankLogo } from '../../ui/BankLogo'
import { groupAccountNumber } from '../../../contract/lib/validation'
import { keepLastWordsTogether } from '../../lib/banks'
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
      <BankLogo code={entry.bankCode} />
      <div className="account-line__text">
        <span className="account-line__bank">{keepLastWordsTogether(bank)}</span>
        <span className="account-line__no">{groupAccountNumber(entry.bankAccountNo)}</span>
        <span>{entry.bankAccountName}</span>
      </div>
      <CopyButton text={entry.bankAccountNo} label={t('deposit.copyAccount', { bank })} />
    </li>
  )
}

function TrueWalletAccount({ wallet }: { wallet: WalletAccountEntry }) {
  const { t } = useTranslation()
  // The wallet number to pay to (the reference server's walletAccountNo); an operator that
  // writes the number as the account name is shown as it wrote it.
  const number = wallet.walletAccountNo ?? wallet.walletAccountName
  return (
    <li className="account-line" data-testid="deposit-account">
      <BankLogo code="TRUEWALLET" />
      <div className="account-line__text">
        <span className="account-line__bank">{t('deposit.trueWallet')}</span>
        <span className="account-line__no">{groupAccountNumber(number)}</span>
        {wallet.walletAccountNo && <span>{wallet.walletAccountName}</span>}
      </div>
      <CopyButton text={number} label={t('deposit.copyWallet')} />
    </li>
  )
}

/** The accounts to transfer to (spec 2 "Deposit"), under a heading that says how each is checked:
 *  automatically (banks in AUTO mode, TrueWallet), or by staff once the slip is uploaded (issue 18).
 *  An operator's manual list (isManual) is checked by staff throughout. Below them, the slip upload
 *  for a transfer already made. */
export function BankAccounts({ methods, onDone }: { methods: DepositMethods; onDone: () => void }) {
  const { t } = useTranslation()
  const ids = useId()
  const manualList = methods.list === 'manual'
  const automatic = manualList ? [] : methods.banks.filter((method) => method.auto)
  const byStaff = manualList ? methods.banks : methods.banks.filter((method) => !method.auto)
  const wallets = methods.trueWallets
  const autoShown = automatic.length + (manualList ? 0 : wallets.length) > 0
  const staffShown = byStaff.length + (manualList ? wallets.length : 0) > 0
  const listed = (method: BankMethod) => <BankAccount key={`${method.entry.bankCode}-${method.entry.bankAccountNo}`} method={method} />
  const walletLines = wallets.map((wallet) => <TrueWalletAccount key={wallet.walletAccountName} wallet={wallet} />)
  return (
    <div className="stack">
      {autoShown && (
        <section className="deposit-group" aria-labelledby={`${ids}-auto`}>
          <h3 id={`${ids}-auto`} className="deposit-group__title deposit-group__title--auto">{t('deposit.auto')}</h3>
          <p className="muted" data-testid="deposit-list">{t('deposit.automaticList')}</p>
          <ul className="stack plain-list" aria-label={t('deposit.auto')}>
            {automatic.map(listed)}
            {!manualList && walletLines}
          </ul>
          <p className="muted">{t('deposit.creditedSoon')}</p>
        </section>
      )}
      {staffShown && (
        <section className="deposit-group" aria-labelledby={`${ids}-staff`}>
          <h3 id={`${ids}-staff`} className="deposit-group__title">{t('deposit.manual')}</h3>
          <p className="muted" data-testid={autoShown ? undefined : 'deposit-list'}>{t('deposit.manualList')}</p>
          <ul className="stack plain-list" aria-label={t('deposit.manual')}>
            {byStaff.map(listed)}
            {manualList && walletLines}
          </ul>
        </section>
      )}
      {methods.slipUpload && <SlipUpload onDone={onDone} />}
    </div>
  )
}
