import { noServiceWorkerInMessenger } from '../shared/noServiceWorker'

noServiceWorkerInMessenger('Telegram')
