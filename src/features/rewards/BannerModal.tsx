import { useTranslation } from 'react-i18next'
import type { Banner } from '../../../contract'
import { BannerCarousel } from '../../ui/BannerCarousel'
import { Button } from '../../ui/Button'
import { Modal } from '../../ui/Modal'

/** Spec 2: the invite or refund banners, in a carousel before their modal. Closing it (or going on) opens the modal. */
export function BannerModal({ title, banners, onClose }: { title: string; banners: Banner[]; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal open onClose={onClose} title={title}>
      <div className="stack">
        <BannerCarousel banners={banners} />
        <Button type="button" block onClick={onClose}>{t('rewards.continue')}</Button>
      </div>
    </Modal>
  )
}
