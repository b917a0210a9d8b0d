// Runs in the page before the app's JavaScript (from the prepaint script, called by the line of
// script after the templates): shows the prerendered screen in the variant and language the app
// will start in, with the operator's name, and keeps what the player does with it until the app
// takes it over (src/app/prerendered.ts).
import type { RuntimeConfig } from '../api/contract'
import { APP_NAME_MARK, PRERENDERED_CLASS, PRERENDERED_ID, TEMPLATE_ATTRIBUTE, templateKey } from '../lib/prerender'

export function showPrerendered(config: RuntimeConfig, language: string): void {
  const template = document.querySelector<HTMLTemplateElement>(`template[${TEMPLATE_ATTRIBUTE}="${templateKey(config.variant, language)}"]`)
  const target = document.getElementById(PRERENDERED_ID)
  if (!template || !target) return
  const screen = template.content.cloneNode(true) as DocumentFragment
  const texts = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT)
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (node.nodeValue?.includes(APP_NAME_MARK)) node.nodeValue = node.nodeValue.replaceAll(APP_NAME_MARK, config.appName)
  }
  target.replaceChildren(screen)
  document.querySelectorAll(`template[${TEMPLATE_ATTRIBUTE}]`).forEach((unused) => unused.remove())
  document.getElementById('root')?.replaceChildren()
  document.documentElement.classList.add(PRERENDERED_CLASS)
  // A form sent before the app has come is sent by the app, once it has (never as a page load
  // that would put a password in the address).
  target.addEventListener('submit', (event) => {
    event.preventDefault()
    ;(event.target as HTMLElement).dataset.sent = ''
  })
}
