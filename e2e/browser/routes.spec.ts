// Every path of the route table, opened cold in a browser, with and without a stored token.
import { routeTable } from '../shared/routes'
import { SCREENS } from '../screenTable'

routeTable(SCREENS)
