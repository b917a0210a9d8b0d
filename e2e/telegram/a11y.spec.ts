// The accessibility table in Telegram: its theme recolours every screen, so every screen and
// state is checked again (e2e/shared/a11y.ts).
import { axeTable } from '../shared/a11y'

axeTable('telegram')
