// The route table opened cold the way this messenger opens the app, with and without a stored
// token: every redirect, and a screen of each kind (the way in, public, a member screen that
// carries its path through /login, the member home, one outside both shells). The guard and the
// landings are the host's own nowhere; the browser's table (e2e/browser/routes.spec.ts) opens every path.
import { routeTable } from '../shared/routes'
import { SCREENS } from '../screenTable'

const SAMPLE = ['login', 'contact', 'home', 'statement', 'not found']
routeTable(SCREENS.filter((screen) => SAMPLE.includes(screen.name)))
