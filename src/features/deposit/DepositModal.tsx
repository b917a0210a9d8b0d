import { useWallet } from '../../api/wallet'
import { currencyOf } from '../../../contract/lib/money'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { depositMethods, type DepositMethods } from './methods'
import type { QrProvider } from './rules'
import { ChipRow } from '../../ui/ChipRow'
import { LoadError } from '../../ui/LoadError'
import { Modal } from '../../ui/Modal'
import { PausedNotice } from '../../ui/PausedNotice'
import { useDepositLookup } from './api'
import { BankAccounts } from './BankAccounts'
import { GiftLink } from './GiftLink'
import { QrDeposit } from './QrDeposit'
import './deposit.css'
import { Skeleton } from '../../ui/Loader'

type Tab = { kind: 'bank' } | { kind: 'qr'; provider: QrProvider } | { kind: 'gift' }

const tabId = (tab: Tab): string => (tab.kind === 'qr' ? `qr-${tab.provider}` : tab.kind)

/** The methods the lookup offers, one tab each: transfer (bank and TrueWallet accounts, slip),
 *  a QR per provider, the TrueMoney gift link. */
function tabsOf(methods: DepositMethods): Tab[] {
  return [
    ...(methods.banks.length > 0 || methods.trueWallets.length > 0 ? [{ kind: 'bank' } as const] : []),
    ...methods.qr.map((provider) => ({ kind: 'qr', provider }) as const),
    ...(methods.giftLink ? [{ kind: 'gift' } as const] : []),
  ]
}

/** Spec 2 "Deposit": bank accounts (with slip upload), QR per provider, TrueWallet and its gift link. */
export function DepositModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const lookup = useDepositLookup(open)
  const wallet = useWallet()
  const methods = lookup.data ? depositMethods(lookup.data, currencyOf(wallet.data?.wallet.currency)) : null
  const tabs = methods ? tabsOf(methods) : []
  const [chosen, setChosen] = useState<string | null>(null)
  const tab = tabs.find((item) => tabId(item) === chosen) ?? tabs[0]
  const ids = useId()
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({})
  const list = useRef<HTMLDivElement>(null)
  // The method chosen stays in view on the sideways row (where the page can scroll: jsdom cannot).
  useEffect(() => {
    if (chosen) buttons.current[chosen]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [chosen])
  const label = (item: Tab) =>
    item.kind === 'bank' ? t('deposit.tabBank') : item.kind === 'gift' ? t('deposit.tabGift') : t(`deposit.qrTab.${item.provider}`)

  // WAI-ARIA tabs: arrows move between tabs (and choose them), Home and End jump to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!tab) return
    const at = tabs.indexOf(tab)
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key]
    if (to === undefined) return
    event.preventDefault()
    const next = tabs[(to + tabs.length) % tabs.length]
    setChosen(tabId(next))
    buttons.current[tabId(next)]?.focus()
  }

  return (
    <Modal open={open} onClose={onClose} title={t('deposit.title')} className="deposit-modal">
      <div className="stack deposit">
        {lookup.isPending && <Skeleton height={220} />}
        {lookup.isError && <LoadError error={lookup.error} onRetry={() => lookup.refetch()} />}
        <PausedNotice paused={lookup.fetchStatus === 'paused'} />
        {methods && tabs.length === 0 && <p className="muted">{t('deposit.none')}</p>}
        {tabs.length > 1 && (
          <ChipRow row={list} role="tablist" aria-label={t('deposit.methods')} onKeyDown={onKeyDown}>
            {tabs.map((item) => {
              const id = tabId(item)
              const selected = item === tab
              return (
                <button
                  key={id}
                  ref={(button) => {
                    buttons.current[id] = button
                  }}
                  id={`${ids}-tab-${id}`}
                  type="button"
                  role="tab"
                  aria-selected={selected}
                  aria-controls={`${ids}-panel`}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => setChosen(id)}
                >
                  {label(item)}
                </button>
              )
            })}
          </ChipRow>
        )}
        {methods && tab && (
          <div id={`${ids}-panel`} role="tabpanel" aria-labelledby={tabs.length > 1 ? `${ids}-tab-${tabId(tab)}` : undefined} aria-label={tabs.length > 1 ? undefined : label(tab)}>
            {tab.kind === 'bank' && <BankAccounts methods={methods} onDone={onClose} />}
            {/* One component per provider: its amount and QR are its own (key). */}
            {tab.kind === 'qr' && <QrDeposit key={tab.provider} provider={tab.provider} onDone={onClose} />}
            {tab.kind === 'gift' && <GiftLink onDone={onClose} />}
          </div>
        )}
      </div>
    </Modal>
  )
}

export default DepositModal
