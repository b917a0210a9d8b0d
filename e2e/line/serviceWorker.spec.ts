import { noServiceWorkerInMessenger } from '../shared/noServiceWorker'

noServiceWorkerInMessenger('LINE')
