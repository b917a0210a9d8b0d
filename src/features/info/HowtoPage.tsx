import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../api/config'
import type { HowtoVideos } from '../../../contract'
import { safeUrl } from '../../lib/url'
import { Modal } from '../../ui/Modal'
import { PlayIcon } from '../../ui/icons'

/** The five videos of spec 2, in the spec's order. */
const VIDEOS: (keyof HowtoVideos)[] = ['wallet', 'play', 'balance', 'bonus', 'bonusCancel']

const isVideoFile = (url: string) => /\.(mp4|webm|m4v|mov)(\?.*)?$/i.test(url)

export function HowtoPage() {
  const { t } = useTranslation()
  const { howto } = getConfig()
  const [playing, setPlaying] = useState<keyof HowtoVideos | null>(null)
  // A configured video is played only from an http(s) URL or a path on this origin.
  const url = playing ? safeUrl(howto[playing]) : undefined

  return (
    <section aria-labelledby="howto-title">
      <div className="page-head">
        <h1 id="howto-title">{t('howto.title')}</h1>
      </div>
      <ul className="video-list">
        {VIDEOS.map((video, index) => (
          <li key={video}>
            <button type="button" className="video-card" onClick={() => setPlaying(video)}>
              <span className="video-card__thumb"><PlayIcon /></span>
              <span className="video-card__text">
                <span className="video-card__index">{t('howto.episode', { n: index + 1 })}</span>
                <span className="video-card__title">{t(`howto.videos.${video}`)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Modal open={playing !== null} onClose={() => setPlaying(null)} title={playing ? t(`howto.videos.${playing}`) : ''} wide>
        {playing && !url && <p className="notice notice--error" role="alert">{t('howto.unavailable')}</p>}
        {playing && url &&
          (isVideoFile(url) ? (
            <video className="video-player" src={url} controls autoPlay playsInline preload="metadata" />
          ) : (
            <iframe className="video-player" src={url} title={t(`howto.videos.${playing}`)}
              allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />
          ))}
      </Modal>
    </section>
  )
}
