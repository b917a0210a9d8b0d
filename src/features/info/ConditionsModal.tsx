import { useTranslation } from 'react-i18next'
import { Modal } from '../../ui/Modal'
import { SafeHtml } from '../../ui/SafeHtml'
import { useConditions } from './api'
import { Skeleton } from '../../ui/Loader'

/** The conditions of the member bottom menu (spec 2 "Logged-in layout"). */
export function ConditionsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const conditions = useConditions(open)
  return (
    <Modal open={open} onClose={onClose} title={t('conditions.title')}>
      {conditions.isPending && <Skeleton height={120} />}
      {conditions.isError && <p className="notice notice--error" role="alert">{conditions.error.message}</p>}
      {conditions.data?.length === 0 && <p className="muted">{t('conditions.empty')}</p>}
      {conditions.data?.map((html, index) => <SafeHtml key={index} className="rich-text condition" html={html} />)}
    </Modal>
  )
}
