// Every area's schemas and types in one place, for the server's routes and the app's types (the
// app imports types only from here: `import type`). Each area's descriptors and schemas live
// together in its own module; this file only hands them on.
export * from './shared'
export * from './config'
export * from './lookup'
export * from './auth'
export * from './identity'
export * from './otp'
export * from './account'
export * from './deposit'
export * from './statement'
export * from './wallet'
export * from './games'
export * from './bonus'
export * from './rewards'
export * from './spin'
export * from './chat'
export * from './notifications'
