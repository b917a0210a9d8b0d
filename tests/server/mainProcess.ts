// server/main.ts started as an operator starts it, in a process of its own, for the tests that
// need the whole start (the environment read, the mode, the listening address, the proxy setting).
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'

const started: { child: ChildProcess; dir?: string }[] = []

/**
 * Bounds of a test that starts the API in processes of its own (main.ts, or the storage test's
 * instances). A start costs about 4 CPU-seconds (tsx's loader, the route schemas, the migrations),
 * so these tests slow down with the machine more than the others: pinned to one core beside the
 * browser stage (`taskset -c 0 npm test`, issue 48), they took about three times their two-core
 * time (the rolling restart over PostgreSQL past 180 s against 70 s, the two instances on one
 * database past 60 s against 19 s, main.ts's own starts 56 of their 60 s). Bounds for a machine
 * three times slower than that: a passing test still ends when its outcome is there.
 */
export const PROCESS_TEST_MS = 300_000

/** The bound of one wait on what a started process does (a message sent, a readiness seen). */
export const PROCESS_WAIT_MS = 90_000

/** Stops every process the test started and removes the folders made for them (call once per file). */
export function stopMainProcessesAfterEach(): void {
  afterEach(async () => {
    // Every process first, then the folders: a folder made apart (dataDirForTest) may be in use by any of them.
    const ending = started.splice(0)
    for (const { child } of ending) await stopChild(child)
    for (const { dir } of ending) if (dir) rmSync(dir, { recursive: true, force: true })
  })
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  await exited
}

/** The environment of this test run without what would choose a mode (npm sets npm_lifecycle_event). */
function bareEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(APP_MODE|npm_lifecycle_event|HOST|PORT|DATA_DIR|DATABASE_URL|TRUST_PROXY|SMS_WEBHOOK_\w+|APP_CONFIG|APP_SETTINGS|OPS_ADMIN_\w+|DRAIN_SECONDS|METRICS_PORT|METRICS_HOST)$/.test(name)))
  return { ...env, ...extra }
}

/** A folder for a database, removed after the test. */
export function dataDirForTest(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-main-'))
  started.push({ child: { exitCode: 0 } as ChildProcess, dir })
  return dir
}

export interface MainProcess {
  stdout: string
  stderr: string
  /** http://host:port it listens on. */
  url: string
  stop: () => Promise<void>
  /** Ends it as a crash would (SIGKILL): nothing of its own shutdown runs. */
  kill: () => Promise<void>
}

/**
 * Starts main.ts (a fresh DATA_DIR unless the env names one, any free port) and resolves once it
 * listens, with what it printed; rejects with its output if it exits first.
 */
export function startMain(env: Record<string, string>): Promise<MainProcess> {
  const dir = (env.DATA_DIR ?? env.DATABASE_URL) ? undefined : mkdtempSync(join(tmpdir(), 'wallet-main-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // A stop (SIGTERM) ends at once unless the test asks for the drain a balancer waits out.
    env: bareEnv({ ...(dir ? { DATA_DIR: dir } : {}), PORT: '0', DRAIN_SECONDS: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
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
      const listening = /Wallet API \([a-z]+ mode\) on (http:\/\/[^\s]+)/.exec(stdout)
      if (listening && /Server listening at/.test(stdout)) {
        resolve({ stdout, stderr, url: listening[1].replace('//localhost:', '//127.0.0.1:'), stop: () => stopChild(child), kill: () => stopChild(child, 'SIGKILL') })
      }
    })
    child.once('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${stderr}`)))
  })
}
