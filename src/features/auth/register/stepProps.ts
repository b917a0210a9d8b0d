// What the wizard (RegisterPage) hands each step. Its own module, so the steps need not import
// the page that imports them.
import type { Draft, Step } from './draft'

export interface StepProps {
  draft: Draft
  update: (patch: Partial<Draft>) => void
  next: (step: Step) => void
  back: () => void
  done: () => void
  inviterLocked: boolean
  unlockInviter: () => void
}
