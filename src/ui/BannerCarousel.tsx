import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Banner } from '../../contract'
import { SafeHtml } from './SafeHtml'

/**
 * Banners (image and sanitized html) one at a time: swiping scrolls natively (scroll snap), the
 * buttons step one banner. The invite and refund banners (spec 2) and the bonus modal use it.
 */
export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
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
    </div>
  )
}
