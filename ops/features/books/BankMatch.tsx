// Matching with the bank (cashier, admin; issue 52 §2): staff import a deposit account's statement
// as the bank gives it (CSV), and see the account's two sides of difference: money in the bank with
// no deposit in the books, deposits in the books with no money in the bank (server/deposit/
// bankMatch.ts). Each is resolved with a note, which the audit trail keeps. A statement imported
// again changes nothing.
import { type FormEvent, useState } from 'react'
import { type BankDifferences, type StatementFormat, statementFormats, type StatementImported } from '../../../contract/ops'
import { OpsError } from '../../api/call'
import { CsvButton } from '../../ui/CsvButton'
import { money, when } from '../../lib/format'
import { say } from '../../lib/i18n'
import { ListState } from '../../ui/ListState'
import { useBankAccounts, useBankDifferences, useImportStatement, useNoteCredit, useNoteDeposit } from './api'

export function BankMatch() {
  const accounts = useBankAccounts()
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const account = chosen ?? accounts.data?.accounts[0]?.key
  const differences = useBankDifferences(account)
  const shown = differences.data?.account.key === account ? differences.data : undefined

  return (
    <section aria-labelledby="bank-match-title">
      <h3 id="bank-match-title">{say('bankMatch')}</h3>
      <p className="muted">{say('bankMatchHelp')}</p>
      <ListState loaded={accounts} />
      {account && (
        <>
          <StatementForm account={account} accounts={accounts.data?.accounts ?? []} onAccount={setChosen} />
          <ListState loaded={differences} />
          {shown && <Differences differences={shown} />}
        </>
      )}
    </section>
  )
}

interface FormProps {
  account: string
  accounts: { key: string; bankCode: string; accountNo: string; accountName: string }[]
  onAccount: (key: string) => void
}

function StatementForm({ account, accounts, onAccount }: FormProps) {
  const [format, setFormat] = useState<StatementFormat>('KBANK')
  const [file, setFile] = useState<File | undefined>(undefined)
  const importing = useImportStatement()
  const pending = importing.isPending
  const [outcome, setOutcome] = useState<{ done?: StatementImported; error?: string }>({})

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    // A second tap while the first is on its way sends nothing.
    if (importing.isPending || !file) return
    setOutcome({})
    try {
      setOutcome({ done: await importing.mutateAsync({ account, format, fileName: file.name, text: await file.text() }) })
    } catch (error) {
      setOutcome({ error: error instanceof OpsError ? error.text : say('error_other', { code: 'file' }) })
    }
  }

  return (
    <form className="toolbar" onSubmit={(event) => void submit(event)} aria-busy={pending || undefined}>
      <label>
        {say('bankAccount')}{' '}
        <select value={account} onChange={(event) => onAccount(event.target.value)}>
          {accounts.map((option) => <option key={option.key} value={option.key}>{`${option.bankCode} ${option.accountNo} · ${option.accountName}`}</option>)}
        </select>
      </label>
      <label>
        {say('statementFormat')}{' '}
        <select value={format} onChange={(event) => setFormat(event.target.value as StatementFormat)}>
          {statementFormats.map((option) => <option key={option} value={option}>{say(`format_${option}`)}</option>)}
        </select>
      </label>
      <label>
        {say('statementFile')}{' '}
        <input type="file" accept=".csv,text/csv" aria-required="true" onChange={(event) => setFile(event.target.files?.[0])} />
      </label>
      <button type="submit" disabled={pending || !file}>{say(pending ? 'importing' : 'importStatement')}</button>
      {outcome.done && <p role="status" className="ok">{say('statementImported', { ...outcome.done })}</p>}
      {outcome.error && <p role="alert" className="error">{outcome.error}</p>}
    </form>
  )
}

function Differences({ differences }: { differences: BankDifferences }) {
  const { account, inBankOnly, inBooksOnly } = differences
  const noteCredit = useNoteCredit()
  const noteDeposit = useNoteDeposit()
  if (differences.from === null || differences.to === null) return <p className="muted">{say('bankNoStatement')}</p>
  const shownMoney = (amount: number) => money(amount, account.currency)
  return (
    <>
      <p role="status">{say('bankSpan', { from: when(differences.from), to: when(differences.to), matched: differences.matched })}</p>
      {inBankOnly.length === 0 && inBooksOnly.length === 0 && <p className="ok">{say('bankAllMatched')}</p>}
      {inBankOnly.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={say('inBankOnly', { count: inBankOnly.length })}>
          <table>
            <caption>{say('inBankOnly', { count: inBankOnly.length })}</caption>
            <thead><tr><th scope="col">{say('when')}</th><th scope="col">{say('amountOnly')}</th><th scope="col">{say('col_description')}</th><th scope="col">{say('differenceNote')}</th></tr></thead>
            <tbody>
              {inBankOnly.map((credit) => (
                <tr key={credit.id}>
                  <td>{when(credit.postedAt)}</td>
                  <td data-amount>{shownMoney(credit.amount)}</td>
                  <td>{credit.description}</td>
                  <td><NoteForm what={`${when(credit.postedAt)} ${shownMoney(credit.amount)}`} save={(note) => noteCredit.mutateAsync({ id: credit.id, note: { account: account.key, note } })} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {inBooksOnly.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={say('inBooksOnly', { count: inBooksOnly.length })}>
          <table>
            <caption>{say('inBooksOnly', { count: inBooksOnly.length })}</caption>
            <thead><tr><th scope="col">{say('when')}</th><th scope="col">{say('amountOnly')}</th><th scope="col">{say('col_method')}</th><th scope="col">{say('member')}</th><th scope="col">{say('differenceNote')}</th></tr></thead>
            <tbody>
              {inBooksOnly.map((deposit) => (
                <tr key={deposit.deposit}>
                  <td>{when(deposit.at)}</td>
                  <td data-amount>{shownMoney(deposit.amount)}</td>
                  <td>{say(`deposit_${deposit.method}`)} <code>{deposit.deposit.slice(deposit.deposit.indexOf(':') + 1)}</code></td>
                  <td>{deposit.member.name} {deposit.member.phone}</td>
                  <td><NoteForm what={`${when(deposit.at)} ${shownMoney(deposit.amount)}`} save={(note) => noteDeposit.mutateAsync({ account: account.key, deposit: deposit.deposit, note })} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CsvButton file={`bank-differences-${account.bankCode}-${account.accountNo}.csv`} disabled={inBankOnly.length + inBooksOnly.length === 0} rows={() => [
        [say('differenceSide'), say('when'), say('amountOnly'), say('col_description')],
        ...inBankOnly.map((credit) => [say('bankSide'), credit.postedAt, credit.amount.toFixed(2), credit.description]),
        ...inBooksOnly.map((deposit) => [say('booksSide'), deposit.at, deposit.amount.toFixed(2), `${deposit.deposit} ${deposit.member.name}`]),
      ]} />
    </>
  )
}

/** A difference's note: what staff type stays if the save fails; a second tap while saving sends nothing. */
function NoteForm({ what, save }: { what: string; save: (note: string) => Promise<unknown> }) {
  const [note, setNote] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    if (pending) return
    if (!note.trim()) return setError(say('noteNeeded'))
    setPending(true)
    setError(undefined)
    try {
      await save(note.trim())
    } catch (failure) {
      setError(failure instanceof OpsError ? failure.text : say('error_other', { code: 'note' }))
    } finally {
      setPending(false)
    }
  }

  return (
    <form className="inline-form" onSubmit={(event) => void submit(event)}>
      <input value={note} maxLength={500} aria-label={say('resolveLabel', { what })} aria-invalid={error ? true : undefined} onChange={(event) => setNote(event.target.value)} />
      <button type="submit" disabled={pending} aria-busy={pending || undefined}>{say('resolve')}</button>
      {error && <span role="alert" className="error">{error}</span>}
    </form>
  )
}
