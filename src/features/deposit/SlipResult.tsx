import { useTranslation } from 'react-i18next'
import type { Slip } from '../../../contract'
import { slipReason } from '../../lib/slipReason'

/** Where a slip (or a gift link, `gift`) stands, in words: staff's reason when it was refused. */
export function SlipResult({ slip, gift = false }: { slip: Slip; gift?: boolean }) {
  const { t, i18n } = useTranslation()
  if (slip.status === 'SUCCESS') return <>{t('deposit.slipSuccess')}</>
  if (slip.status === 'FAILED') {
    const reason = slip.note ? slipReason(slip.note, t, (key) => i18n.exists(key)) : ''
    if (gift) return <>{reason ? t('deposit.giftFailedReason', { reason }) : t('deposit.giftFailed')}</>
    return <>{reason ? t('deposit.slipFailedReason', { reason }) : t('deposit.slipFailed')}</>
  }
  return <>{t(gift ? 'deposit.giftSent' : 'deposit.slipProcessing')}</>
}
