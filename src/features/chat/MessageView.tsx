// One conversation item as the player sees it (spec 2 "Chat widget"): every message type, the
// agent's words sanitized, links through the host, and the player's own with its delivery state.
import { Fragment, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatButton, ChatMediaPayload } from '../../../contract'
import { getConfig } from '../../api/config'
import { errorMessage } from '../../api/errors'
import type { Language } from '../../../contract/lib/language'
import { formatDate, localDate } from '../../lib/dates'
import { safeUrl } from '../../lib/url'
import { getPlatform } from '../../platform'
import { ChatIcon } from '../../ui/icons'
import { Modal } from '../../ui/Modal'
import { SafeHtml } from '../../ui/SafeHtml'
import type { ShownItem } from './chatClient'
import { buttonAction, type ChatContent, contentOf } from './logic'

/** Today's messages by their time; an older one with its day too. */
function shortTime(iso: string, language: Language): string {
  const date = localDate(iso, language)
  return date.isSame(localDate(new Date(), language), 'day') ? date.format('HH:mm') : date.format('DD/MM/YYYY HH:mm')
}

export interface MessageActions {
  sendText(text: string): void
  sendPostback(title: string, payload: string): void
  resend(id: string): void
  remove(id: string): void
}

const URL_IN_TEXT = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)])/gi

function openLink(url: string) {
  getPlatform().openExternal(url)
}

/** Plain text with its web addresses as links that open through the host. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_IN_TEXT)
  return (
    <p className="chat-text">
      {parts.map((part, index) => (index % 2 === 1 && safeUrl(part)
        ? <a key={index} href={part} rel="noopener noreferrer" onClick={(event) => { event.preventDefault(); openLink(part) }}>{part}</a>
        : <Fragment key={index}>{part}</Fragment>))}
    </p>
  )
}

/** The agent's text may carry markup: sanitized (SafeHtml); plain text keeps its line breaks and links. */
function AgentText({ text }: { text: string }) {
  return /<[a-z][\s\S]*>/i.test(text) ? <SafeHtml className="chat-text chat-text--html" html={text} /> : <Linkified text={text} />
}

/** Where a media file is: a full http(s) address (`url`), or a path on the wallet API. */
export function mediaUrl(media: Pick<ChatMediaPayload, 'url' | 'filePath'>): string | undefined {
  if (media.url) return safeUrl(media.filePath)
  if (!media.filePath.startsWith('/') || media.filePath.startsWith('//')) return undefined
  return safeUrl(`${getConfig().apiBase.replace(/\/+$/, '')}${media.filePath}`)
}

function ButtonRow({ buttons, actions, className }: { buttons: ChatButton[]; actions: MessageActions; className: string }) {
  return (
    <div className={className}>
      {buttons.map((button, index) => {
        const action = buttonAction(button)
        if (action.kind === 'call') {
          return <a key={index} className="chat-action" href={`tel:${action.number}`}>{button.title}</a>
        }
        return (
          <button key={index} type="button" className="chat-action" disabled={action.kind === 'none'} onClick={() => {
            if (action.kind === 'web') openLink(action.url)
            else if (action.kind === 'postback') actions.sendPostback(action.title, action.payload)
            else if (action.kind === 'text') actions.sendText(action.text)
          }}>{button.title}</button>
        )
      })}
    </div>
  )
}

function Media({ media, preview, mine }: { media: ChatMediaPayload; preview?: string; mine: boolean }) {
  const { t } = useTranslation()
  const [enlarged, setEnlarged] = useState(false)
  const url = preview ?? mediaUrl(media)
  const name = media.name || t('chat.file')
  if (!url) return <p className="chat-text muted">{t('chat.unknown')}</p>
  return (
    <div className="chat-media">
      {media.fileType === 'image' && (
        <>
          <button type="button" className="chat-media__image" onClick={() => setEnlarged(true)} aria-label={t('chat.openImage', { name })}>
            <img src={url} alt={name} loading="lazy" />
          </button>
          <Modal open={enlarged} onClose={() => setEnlarged(false)} title={name} wide className="chat-image-modal">
            <img className="chat-image-full" src={url} alt={name} />
          </Modal>
        </>
      )}
      {media.fileType === 'video' && <video className="chat-media__video" src={url} controls playsInline preload="metadata" aria-label={name} />}
      {media.fileType === 'file' && (
        <a className="chat-file" href={url} rel="noopener noreferrer" onClick={(event) => {
          if (mine) return
          event.preventDefault()
          openLink(new URL(url, window.location.href).toString())
        }}>{t('chat.openFile', { name })}</a>
      )}
      {media.message && (mine ? <p className="chat-text">{media.message}</p> : <AgentText text={media.message} />)}
    </div>
  )
}

/** A swipeable row of cards (generic): scroll-snap, so a finger, a trackpad and Tab all move it. */
function Carousel({ cards, actions }: { cards: Extract<ChatContent, { type: 'generic' }>['cards']; actions: MessageActions }) {
  const { t } = useTranslation()
  return (
    <div className="chat-cards" role="group" aria-roledescription={t('chat.carousel')} data-testid="chat-carousel">
      {cards.map((card, index) => {
        const image = safeUrl(card.image_url)
        return (
          <article key={index} className="chat-card" aria-label={t('chat.cardOf', { index: index + 1, count: cards.length })}>
            {image ? <img className="chat-card__image" src={image} alt="" loading="lazy" width={300} height={211} /> : <div className="chat-card__image chat-card__image--none" />}
            <div className="chat-card__body">
              <h3 className="chat-card__title">{card.title}</h3>
              {card.subtitle && <p className="chat-card__subtitle">{card.subtitle}</p>}
              {card.buttons && card.buttons.length > 0 && <ButtonRow buttons={card.buttons} actions={actions} className="chat-card__buttons" />}
            </div>
          </article>
        )
      })}
    </div>
  )
}

function Body({ content, item, actions, last }: { content: ChatContent; item: ShownItem; actions: MessageActions; last: boolean }) {
  const { t } = useTranslation()
  const mine = item.sender === 'customer'
  const text = (value: string) => (mine ? <Linkified text={value} /> : <AgentText text={value} />)
  switch (content.type) {
    case 'text': return text(content.text)
    case 'postback': return <p className="chat-text">{content.title}</p>
    case 'buttons':
      return <>{content.text && text(content.text)}<ButtonRow buttons={content.buttons} actions={actions} className="chat-buttons" /></>
    case 'quick_replies':
      // Quick replies are offered while they are the last word; afterwards only the text stays.
      return <>{content.text && text(content.text)}{last && <ButtonRow buttons={content.replies} actions={actions} className="chat-quick" />}</>
    case 'generic': return <Carousel cards={content.cards} actions={actions} />
    case 'sticker': return <img className="chat-sticker" src={content.url} alt={content.alt ?? t('chat.sticker')} width={120} height={120} loading="lazy" />
    case 'media': return <Media media={content.media} preview={item.preview} mine={mine} />
    case 'unknown': return <p className="chat-text chat-text--unknown">{t('chat.unknown')}</p>
  }
}

function Delivery({ item, actions }: { item: ShownItem; actions: MessageActions }) {
  const { t } = useTranslation()
  const deliver = item.message.deliver
  if (!deliver?.status || item.sender !== 'customer') return null
  const id = deliver.id
  let state: ReactNode
  switch (deliver.status) {
    case 'uploading_file':
      state = (
        <span className="chat-status">
          <progress className="chat-progress" max={100} value={deliver.progress ?? 0} aria-label={t('chat.uploading', { progress: deliver.progress ?? 0 })} />
          <span>{t('chat.uploading', { progress: deliver.progress ?? 0 })}</span>
        </span>
      )
      break
    case 'sending': state = <span className="chat-status">{t('chat.sending')}</span>; break
    case 'succeed': state = item.local ? null : <span className="chat-status chat-status--sent">{t('chat.sent')}</span>; break
    case 'failed':
      state = (
        <span className="chat-status chat-status--failed" role="alert">
          <span>{item.error ? `${t('chat.failed')}: ${errorMessage(item.error)}` : t('chat.failed')}</span>
          <button type="button" className="link-button" onClick={() => actions.resend(id)}>{t('chat.resend')}</button>
          <button type="button" className="link-button" onClick={() => actions.remove(id)}>{t('chat.remove')}</button>
        </span>
      )
  }
  return state
}

/** Leading vowels written before their consonant (Thai เ-ไ, Lao ເ-ໄ): an initial starts after them. */
const LEADING_VOWELS = /^[\u0E40-\u0E44\u0EC0-\u0EC4]+/u

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** The first letter of a name as the avatar shows it, kept with its marks ("นุ่น" gives "นุ่"). */
function initialOf(name: string): string {
  const rest = name.replace(LEADING_VOWELS, '') || name
  return (graphemes.segment(rest)[Symbol.iterator]().next().value?.segment ?? '').toLocaleUpperCase()
}

/** Who answered, over the first of their messages in a row: an avatar (their initial, or the
 *  support mark when the reply is unnamed) and `who` they are. Read out once, in the message's prefix. */
function AgentSign({ name, who }: { name?: string; who: string }) {
  return (
    <div className="chat-msg__who" aria-hidden="true">
      <span className="chat-avatar">{name ? initialOf(name) : <ChatIcon />}</span>
      <span className="chat-msg__name">{who}</span>
    </div>
  )
}

export function MessageView({ item, actions, last, signed = false }: { item: ShownItem; actions: MessageActions; last: boolean; signed?: boolean }) {
  const { t, i18n } = useTranslation()
  const mine = item.sender === 'customer'
  // The player's own picture or video on its way shows its local preview before it has a path.
  const content: ChatContent = item.preview && item.message.message_type === 'media'
    ? { type: 'media', media: item.message.payload as ChatMediaPayload }
    : contentOf(item.message)
  const language = i18n.language as Language
  const wide = content.type === 'generic'
  const name = mine ? undefined : item.name?.trim() || undefined
  const who = mine ? t('chat.you') : name ? t('chat.agentNamed', { name }) : t('chat.agent')
  return (
    <li className={`chat-msg ${mine ? 'chat-msg--mine' : 'chat-msg--agent'}${wide ? ' chat-msg--wide' : ''}${signed ? ' chat-msg--signed' : ''}`}
      data-type={content.type} data-status={item.message.deliver?.status}>
      <span className="visually-hidden">{who}: </span>
      {signed && <AgentSign name={name} who={who} />}
      <div className={`chat-msg__bubble${content.type === 'sticker' ? ' chat-msg__bubble--bare' : ''}`}>
        <Body content={content} item={item} actions={actions} last={last} />
      </div>
      <div className="chat-msg__meta">
        <time dateTime={item.createdAt} title={formatDate(item.createdAt, language)}>{shortTime(item.createdAt, language)}</time>
        <Delivery item={item} actions={actions} />
      </div>
    </li>
  )
}
