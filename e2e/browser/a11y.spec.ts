// The accessibility table in a browser: every screen and state (e2e/shared/a11y.ts).
import { axeTable } from '../shared/a11y'

axeTable('browser')
