// The staff console's build (issue 33): its own entry, its own output under dist/ops/, served at
// /ops/; nothing of it reaches the player's bundle, its chunks or its size budgets (a separate
// build, run after the player's: `npm run build`).
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { CONTRACT_TREESHAKE } from './vite.config.ts'

const apiPort = Number(process.env.API_PORT ?? 8080)

export default defineConfig({
  root: 'ops',
  base: '/ops/',
  plugins: [react()],
  build: { outDir: '../dist/ops', emptyOutDir: true, target: 'es2022', sourcemap: false, rolldownOptions: { treeshake: CONTRACT_TREESHAKE } },
  server: { port: 5174, proxy: { '/ops/api': `http://localhost:${apiPort}` } },
})
