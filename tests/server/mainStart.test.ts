// @vitest-environment node
// server/main.ts as an operator starts it (issue 27): without APP_MODE and outside `npm start` it
// runs the demo, but on loopback only whatever HOST says, and says so loudly.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { OPERATOR_ENV } from './helpers'

const started: { child: ChildProcess; dir: string }[] = []
afterEach(async () => {
  for (const { child, dir } of started.splice(0)) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
})

/** The environment of this test run without what would choose a mode (npm sets npm_lifecycle_event). */
function bareEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(APP_MODE|npm_lifecycle_event|HOST|PORT|DATA_DIR|DATABASE_URL|TRUST_PROXY|SMS_WEBHOOK_\w+|APP_CONFIG|APP_SETTINGS)$/.test(name)))
  return { ...env, ...extra }
}

/** Starts main.ts and resolves with what it printed once Fastify says where it listens. */
function start(env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-main-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: bareEnv({ DATA_DIR: dir, PORT: '0', ...env }), stdio: ['ignore', 'pipe', 'pipe'] })
  started.push({ child, dir })
  let stdout = ''
  let stderr = ''
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
    })
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8')
      // main.ts prints its own line after listen; the log (written apart) says where it listens.
      if (/Wallet API \(/.test(stdout) && /Server listening at/.test(stdout)) resolve({ stdout, stderr })
    })
    child.once('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${stderr}`)))
  })
}

// A whole start (a process, the demo member's hash at the real cost, migrations) takes seconds.
describe('server/main.ts', { timeout: 60_000 }, () => {
  it('without APP_MODE outside npm start, listens on loopback only, even with HOST=0.0.0.0, and warns', async () => {
    const { stdout, stderr } = await start({ HOST: '0.0.0.0' })
    const listening = [...stdout.matchAll(/Server listening at (http:\/\/[^"\s]+)/g)].map((match) => new URL(match[1]).hostname)
    expect(listening.length).toBeGreaterThan(0)
    expect(new Set(listening)).toEqual(new Set(['127.0.0.1']))
    expect(stdout).toMatch(/Wallet API \(demo mode\) on http:\/\/127\.0\.0\.1:[1-9]/)
    expect(stderr).toMatch(/!{20,}\n!! WARNING: APP_MODE is not set/)
    expect(stderr).toContain('HOST=0.0.0.0 is ignored')
  })

  it('refuses to start in production with TRUST_PROXY=true, naming the variable', async () => {
    await expect(start({ APP_MODE: 'production', SMS_WEBHOOK_URL: 'https://sms.example/otp', SMS_WEBHOOK_SECRET: 's'.repeat(32), ...OPERATOR_ENV, TRUST_PROXY: 'true' }))
      .rejects.toThrow(/exited with 1: Cannot start: TRUST_PROXY=true/)
  })
})
