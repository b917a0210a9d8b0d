/// <reference types="vite/client" />

/** The app version from package.json (spec 9: 1.1.14). */
declare const __APP_VERSION__: string

declare module 'virtual:locale/*' {
  import type { ResourceKey } from 'i18next'
  const strings: ResourceKey
  export default strings
}
