import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../../i18n/i18n'
import { depositBankName, depositMethods, type BankMethod } from '../../../lib/deposit'
import { groupAccountNumber } from '../../../lib/validation'
import type { QrProvider } from '../../../lib/walletRules'
import { copyWithToast } from '../../../ui/copy'
import { CopyIcon } from '../../../ui/icons'
import { LoadError } from '../../../ui/LoadError'
import { Modal } from '../../../ui/Modal'
import { PausedNotice } from '../../../ui/PausedNotice'
import { useDepositLookup } from './api'
import { GiftLink } from './GiftLink'
import { QrDeposit } from './QrDeposit'
import { SlipUpload } from './SlipUpload'

type Tab = { kind: 'bank' } | { kind: 'qr'; provider: QrProvider } | { kind: 'gift' }

function BankAccount({ method }: { method: BankMethod }) {
  const { t } = useTranslation()
  const { entry } = method
  return (
    <li className="account-line">
      <div className="account-line__text">
        <span className="muted">{depositBankName(method, currentLanguage())}</span>
        <span className="account-line__no">{groupAccountNumber(entry.bankAccountNo)}</span>
        <span>{entry.bankAccountName}</span>
        <span className="muted">{method.auto ? t('deposit.auto') : t('deposit.manual')}</span>
      </div>
      <button type="button" className="icon-button" aria-label={t('deposit.copyAccount', { bank: entry.bankCode })} onClick={() => void copyWithToast(entry.bankAccountNo)}>
        <CopyIcon />
      </button>
    </li>
  )
}

/** Spec 2 "Deposit": bank accounts (with slip upload), QR per provider, TrueWallet and its gift link. */
export function DepositModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const lookup = useDepositLookup(open)
  const methods = lookup.data ? depositMethods(lookup.data) : null
  const tabs: Tab[] = methods
    ? [
        ...(methods.banks.length || methods.trueWallets.length ? [{ kind: 'bank' } as const] : []),
        ...methods.qr.map((provider) => ({ kind: 'qr', provider }) as const),
        ...(methods.giftLink ? [{ kind: 'gift' } as const] : []),
      ]
    : []
  const [chosen, setChosen] = useState(0)
  const tab = tabs[Math.min(chosen, tabs.length - 1)]
  const label = (item: Tab) => (item.kind === 'bank' ? t('deposit.tabBank') : item.kind === 'gift' ? t('deposit.tabGift') : t('deposit.tabQr', { provider: item.provider }))

  return (
    <Modal open={open} onClose={onClose} title={t('deposit.title')}>
      <div className="stack">
        {lookup.isPending && <div className="skeleton" style={{ height: 220 }} aria-label={t('common.loading')} />}
        {lookup.isError && <LoadError error={lookup.error} onRetry={() => lookup.refetch()} />}
        <PausedNotice paused={lookup.fetchStatus === 'paused'} />
        {methods && tabs.length === 0 && <p className="muted">{t('deposit.none')}</p>}
        {tabs.length > 1 && (
          <div className="tabs" role="tablist" aria-label={t('deposit.methods')}>
            {tabs.map((item, index) => (
              <button key={label(item)} type="button" role="tab" aria-selected={item === tab} onClick={() => setChosen(index)}>{label(item)}</button>
            ))}
          </div>
        )}
        {methods && tab?.kind === 'bank' && (
          <div role="tabpanel" className="stack">
            <p className="muted">{methods.list === 'manual' ? t('deposit.manualList') : t('deposit.automaticList')}</p>
            <ul className="stack plain-list">
              {methods.banks.map((method) => <BankAccount key={`${method.entry.bankCode}-${method.entry.bankAccountNo}`} method={method} />)}
              {methods.trueWallets.map((wallet) => (
                <li key={wallet.walletAccountName} className="account-line">
                  <div className="account-line__text">
                    <span className="muted">TrueMoney Wallet</span>
                    <span className="account-line__no">{wallet.walletAccountName}</span>
                  </div>
                  <button type="button" className="icon-button" aria-label={t('deposit.copyAccount', { bank: 'TrueMoney' })} onClick={() => void copyWithToast(wallet.walletAccountName)}>
                    <CopyIcon />
                  </button>
                </li>
              ))}
            </ul>
            {methods.slipUpload && <SlipUpload />}
          </div>
        )}
        {tab?.kind === 'qr' && <div role="tabpanel"><QrDeposit key={tab.provider} provider={tab.provider} /></div>}
        {tab?.kind === 'gift' && <div role="tabpanel"><GiftLink /></div>}
      </div>
    </Modal>
  )
}

export default DepositModal
