// The app taking over a prerendered screen (issue 32, src/ui/prerendered.ts): what the player did
// before the JavaScript came is what the app's screen holds after, and the prerendered one goes.
import { act, render } from '@testing-library/react'
import { useState } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PRERENDERED_ID } from '../../contract/lib/prerender'

const sent = vi.fn()
const followed = vi.fn()

/** A small controlled form like /login's: what the app's state holds is shown in `data-state`. */
function Form({ extra = false, news = 0 }: { extra?: boolean; news?: number }) {
  const [phone, setPhone] = useState('')
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(false)
  const [language, setLanguage] = useState('th')
  const [shown, setShown] = useState(false)
  return (
    <form data-state={JSON.stringify({ phone, password, remember, language, shown })} onSubmit={(event) => {
      event.preventDefault()
      sent({ phone, password, remember, language, shown })
    }}>
      {extra && <button type="button" aria-label="copy">⧉</button>}
      <select aria-label="language" value={language} onChange={(event) => setLanguage(event.target.value)}>
        <option value="th">th</option><option value="en">en</option>
      </select>
      <input name="username" aria-label="phone" value={phone} onChange={(event) => setPhone(event.target.value)} />
      <input name="password" type="password" aria-label="password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <input type="checkbox" aria-label="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
      <button type="button" className="eye" aria-label={news > 0 ? `show password, ${news} new` : 'show password'} onClick={() => setShown((now) => !now)}>👁</button>
      <button type="submit">send</button>
      <a href="/contact" onClick={(event) => {
        event.preventDefault()
        followed()
      }}>contact</a>
    </form>
  )
}

/** The page as src/prerender/show.ts leaves it (the prerendered screen, #root empty), and #root
 *  held out of it as main.tsx does before the app renders. */
async function page() {
  document.body.innerHTML = `<div id="${PRERENDERED_ID}">${renderToString(<Form />)}</div><div id="root"></div>`
  window.history.replaceState(null, '', '/login')
  vi.resetModules()
  const module = await import('../../src/ui/prerendered')
  root = document.getElementById('root')!
  module.holdUnderPrerendered(root)
  const shown = document.getElementById(PRERENDERED_ID)!
  const control = (label: string) => shown.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!
  return { module, shown, control }
}

/** The app mounts its screen in #root, which takes the prerendered one over. */
async function mountApp(module: typeof import('../../src/ui/prerendered'), extra = false, news = 0) {
  function Screen() {
    module.useTakeOverPrerendered('/login')
    return <Form extra={extra} news={news} />
  }
  act(() => {
    render(<Screen />, { container: root })
  })
  // The app's screen is out of the page until it takes the prerendered one's place.
  await vi.waitFor(() => expect(document.getElementById(PRERENDERED_ID)).toBeNull())
  expect(document.body.firstElementChild).toBe(root)
  return root.querySelector('form')!
}

let root: HTMLElement

const state = (form: HTMLFormElement) => JSON.parse(form.dataset.state!) as Record<string, unknown>

afterEach(() => {
  sent.mockClear()
  followed.mockClear()
})

describe('taking over the prerendered screen', () => {
  it('what was typed, ticked and chosen is in the app state, focus and caret where they were, and the prerendered screen gone', async () => {
    const { module, control } = await page()
    expect(module.prerenderedPath()).toBe('/login')
    control('phone').value = '0812345678'
    control('password').value = 'secr'
    control('password').focus()
    control('password').setSelectionRange(2, 3)
    control('remember').checked = true
    ;(control('language') as unknown as HTMLSelectElement).value = 'en'
    const form = await mountApp(module)
    expect(state(form)).toEqual({ phone: '0812345678', password: 'secr', remember: true, language: 'en', shown: false })
    const password = form.querySelector<HTMLInputElement>('[name="password"]')!
    expect(document.activeElement).toBe(password)
    expect([password.selectionStart, password.selectionEnd]).toEqual([2, 3])
    expect(module.prerenderedPath()).toBeNull()
    expect(sent).not.toHaveBeenCalled()
  })

  it('a field the player left alone keeps what the app put there', async () => {
    const { module } = await page()
    const form = await mountApp(module)
    expect(state(form)).toEqual({ phone: '', password: '', remember: false, language: 'th', shown: false })
  })

  it('a form sent before the app came is sent by the app, once, with what was typed', async () => {
    const { module, shown, control } = await page()
    control('phone').value = '0812345678'
    control('password').value = 'secret99'
    // What show.ts does with a submit before the app: kept, not a page load.
    shown.querySelector('form')!.dataset.sent = ''
    await mountApp(module)
    expect(sent).toHaveBeenCalledTimes(1)
    expect(sent).toHaveBeenCalledWith({ phone: '0812345678', password: 'secret99', remember: false, language: 'th', shown: false })
  })

  it('the last button pressed before the app came is pressed by the app, once', async () => {
    const { module, shown } = await page()
    // What show.ts keeps of a press: the button's place among the screen's.
    shown.dataset.pressed = '0'
    const form = await mountApp(module)
    expect(state(form)).toMatchObject({ shown: true })
    expect(sent).not.toHaveBeenCalled()
  })

  it("the button pressed is found by what it says where the app's screen has more buttons", async () => {
    const { module, shown } = await page()
    shown.dataset.pressed = '0'
    // The app's screen has a button the prerendered one had not (a member's), before the pressed one.
    const form = await mountApp(module, true)
    expect(state(form)).toMatchObject({ shown: true })
  })

  it('a button that says more once the app knows more (the bell: "1 new") is found by its class', async () => {
    const { module, shown } = await page()
    shown.dataset.pressed = '0'
    const form = await mountApp(module, true, 1)
    expect(state(form)).toMatchObject({ shown: true })
  })

  it('a link followed before the app came is followed by the app (its own link, the router), once', async () => {
    const { module, shown } = await page()
    // What show.ts keeps of a link tapped: its address, the page load held back.
    shown.dataset.followed = '/contact'
    await mountApp(module)
    expect(followed).toHaveBeenCalledTimes(1)
    expect(sent).not.toHaveBeenCalled()
  })

  it('elsewhere than the prerendered path nothing is taken over; dropping it puts #root in its place', async () => {
    const { module, control } = await page()
    control('phone').value = '0812345678'
    function Elsewhere() {
      module.useTakeOverPrerendered('/register')
      return <Form />
    }
    act(() => {
      render(<Elsewhere />, { container: root })
    })
    await Promise.resolve()
    expect(document.getElementById(PRERENDERED_ID)).not.toBeNull()
    expect(root.isConnected).toBe(false)
    module.dropPrerendered()
    expect(document.getElementById(PRERENDERED_ID)).toBeNull()
    expect(document.body.firstElementChild).toBe(root)
    expect(root.querySelector<HTMLInputElement>('[name="username"]')!.value).toBe('')
  })
})
