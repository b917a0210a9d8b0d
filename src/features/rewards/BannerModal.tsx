import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Banner } from '../../api/types'
import { Button } from '../../ui/Button'
import { Modal } from '../../ui/Modal'
import { SafeHtml } from '../../ui/SafeHtml'

/**
 * Spec 2: the invite or refund banners, in a carousel before their modal. Closing it (or going
 * on) opens the modal. Swiping scrolls natively (scroll snap); the buttons step one banner.
 */
export function BannerModal({ title, banners, onClose }: { title: string; banners: Banner[]; onClose: () => void }) {
  const { t } = useTranslation()
  const track = useRef<HTMLDivElement>(null)
  const [index, setIndex] = useState(0)
  const go = (next: number) => {
    const slide = track.current?.children[next] as HTMLElement | undefined
    slide?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' })
    setIndex(next)
  }
  const onScroll = () => {
    const element = track.current
    if (element && element.clientWidth > 0) setIndex(Math.round(element.scrollLeft / element.clientWidth))
  }
  return (
    <Modal open onClose={onClose} title={title}>
      <div className="stack banner-carousel">
        <div ref={track} className="banner-carousel__track" onScroll={onScroll}>
          {banners.map((banner, i) => (
            <figure key={i} className="banner-carousel__slide" role="group" aria-roledescription="slide"
              aria-label={t('rewards.bannerOf', { index: i + 1, total: banners.length })}>
              <img src={banner.image} alt="" width={600} height={300} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
              {banner.html && <SafeHtml className="rich-text" html={banner.html} />}
            </figure>
          ))}
        </div>
        {banners.length > 1 && (
          <div className="banner-carousel__nav">
            <button type="button" className="link-button" disabled={index <= 0} onClick={() => go(index - 1)}>{t('rewards.previous')}</button>
            <span aria-live="polite">{t('rewards.bannerOf', { index: index + 1, total: banners.length })}</span>
            <button type="button" className="link-button" disabled={index >= banners.length - 1} onClick={() => go(index + 1)}>{t('rewards.nextBanner')}</button>
          </div>
        )}
        <Button type="button" block onClick={onClose}>{t('rewards.continue')}</Button>
      </div>
    </Modal>
  )
}
