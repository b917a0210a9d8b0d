// `npm run dev`: the reference server (dev mode) plus Vite's dev server with hot reload; Vite
// proxies /api, /config.json, /dev and the socket to the server (vite.config.ts).
import { spawn, type ChildProcess } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '8080'
const env = { ...process.env, API_PORT: apiPort }
const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, APP_MODE: process.env.APP_MODE ?? 'dev', DRAIN_SECONDS: process.env.DRAIN_SECONDS ?? '0' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env }),
]

const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((child) => child.on('exit', (code) => {
  stop()
  process.exitCode = code ?? 0
}))
