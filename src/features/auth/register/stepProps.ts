// What the wizard (RegisterPage) hands each step. Its own module, so the steps need not import
// the page that imports them.
import type { ComponentType } from 'react'
import type { TelegramContactResponse } from '../../../../contract'
import type { Draft, Step } from './draft'

/** "Use my Telegram phone number" (issue 31 §3), drawn by the identity feature and handed in by the
 *  app (src/app/identity.tsx, src/app/register.tsx): it shows only where it can, and nothing of it
 *  loads elsewhere. */
export type PhoneOffer = ComponentType<{ onPhone: (answer: TelegramContactResponse) => void }>

export interface StepProps {
  draft: Draft
  update: (patch: Partial<Draft>) => void
  next: (step: Step) => void
  back: () => void
  done: () => void
  inviterLocked: boolean
  unlockInviter: () => void
  PhoneOffer: PhoneOffer
}
