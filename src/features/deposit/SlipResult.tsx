import { useTranslation } from 'react-i18next'
import type { Slip } from '../../api/contract'

/** Where a slip (or a gift link, `gift`) stands, in words: staff's reason when it was refused. */
export function SlipResult({ slip, gift = false }: { slip: Slip; gift?: boolean }) {
  const { t, i18n } = useTranslation()
  if (slip.status === 'SUCCESS') return <>{t('deposit.slipSuccess')}</>
  if (slip.status === 'FAILED') {
    const key = `slipReasons.${slip.note ?? ''}`
    const reason = slip.note && i18n.exists(key) ? String(t(key as 'slipReasons.UNKNOW_ERROR')) : (slip.note ?? '')
    if (gift) return <>{reason ? t('deposit.giftFailedReason', { reason }) : t('deposit.giftFailed')}</>
    return <>{reason ? t('deposit.slipFailedReason', { reason }) : t('deposit.slipFailed')}</>
  }
  return <>{t(gift ? 'deposit.giftProcessing' : 'deposit.slipProcessing')}</>
}
