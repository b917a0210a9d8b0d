// `npm test`: every check the project has, and the time of each stage at the end (issue 28: the
// suite is measured stage by stage). The first step runs the checks that use one core each (the
// type check, lint, the build and its size budgets) side by side. The second runs the browser
// stage beside the vitest stages, which run one after another: a browser test spends part of its
// time waiting (a page load, a server's answer, a worker starting), and the vitest stages fill the
// cores it leaves (issue 48 §4). The first stage that fails stops every other one, so a broken
// run ends as soon as it is known.
import { spawn, type ChildProcess } from 'node:child_process'
import { stripVTControlCharacters } from 'node:util'

interface Stage {
  name: string
  /** npm scripts run one after the other. */
  scripts: string[]
}

/** Stages one after another. */
type Chain = Stage[]

const STEPS: Chain[][] = [
  [
    [{ name: 'typecheck', scripts: ['typecheck'] }],
    [{ name: 'lint', scripts: ['lint'] }],
    [{ name: 'build + size', scripts: ['build', 'size'] }],
  ],
  [
    [{ name: 'browser', scripts: ['test:e2e'] }],
    // The app's tests and the server's in two runs, not one `vitest run`: mixed in one pool, the
    // server's files lose the module cache they share (its project runs with isolate: false) and
    // import everything again. Measured back to back: 95.7 s as two runs, 124 to 128 s as one.
    [
      { name: 'unit, screens (app)', scripts: ['test:app'] },
      { name: 'server on SQLite', scripts: ['test:server'] },
      { name: 'server on PostgreSQL', scripts: ['test:pg'] },
    ],
  ],
]

/** 'stopped': ended, or never started, because another stage had failed first. */
interface Outcome { name: string; seconds: number; verdict: 'passed' | 'failed' | 'stopped' }

const running = new Set<ChildProcess>()
let stopping = false

/**
 * Ends every stage still running (its whole process group: servers, browsers, databases), as a
 * Ctrl-C would: SIGINT, which Playwright answers by stopping the servers it started in groups of
 * their own. On SIGTERM it ends without them, and they kept the e2e ports, so that the next
 * `npm test` on the machine failed at once ("http://localhost:8790/config.json is already used").
 */
function stopAll(): void {
  stopping = true
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGINT')
    } catch {
      // Already gone.
    }
  }
}

/** What each stage's runner said of its failures, printed again at the very end: a failed stage
 *  may print a great deal after them (pg_virtualenv prints the cluster's log when its command
 *  fails), and a CI that shows only the end of the output would show none of the failures. */
const failures = new Map<string, string[]>()
const MOST_LINES = 200

/** Keeps the lines of Vitest's "Failed Tests" block (to its "Test Files" summary) and Playwright's
 *  "N failed" list (to its next count). */
function failureLines(name: string): (line: string) => void {
  const kept: string[] = []
  failures.set(name, kept)
  let inside = false
  return (line) => {
    const bare = stripVTControlCharacters(line)
    if (/Failed Tests \d+|^\s+\d+ failed$/.test(bare)) inside = true
    else if (/^\s*Test Files\s|^\s+\d+ (passed|flaky|skipped|did not run)\b/.test(bare)) inside = false
    if (inside && kept.length < MOST_LINES) kept.push(bare)
  }
}

/** Writes a stage's output a line at a time, each line under the stage's name, so that stages
 *  running side by side never cut into each other's lines. */
function prefixed(name: string, stream: NodeJS.ReadableStream, keep: (line: string) => void): void {
  let partial = ''
  const write = (line: string): void => {
    keep(line)
    process.stdout.write(`[${name}] ${line}\n`)
  }
  stream.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) write(line)
  })
  stream.on('end', () => {
    if (partial) write(partial)
  })
}

async function run(stage: Stage, alone: boolean): Promise<Outcome> {
  const started = performance.now()
  const keep = failureLines(stage.name)
  let code = 0
  for (const script of stage.scripts) {
    if (stopping) return { name: stage.name, seconds: (performance.now() - started) / 1000, verdict: 'stopped' }
    code = await new Promise<number>((resolve) => {
      // A group of its own (detached), so that stopping it reaches every process it started.
      const child = spawn('npm', ['run', '-s', script], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], detached: true })
      running.add(child)
      if (child.stdout) prefixed(stage.name, child.stdout, keep)
      if (child.stderr) prefixed(stage.name, child.stderr, keep)
      child.on('close', (exit) => {
        running.delete(child)
        resolve(exit ?? 1)
      })
    })
    if (code !== 0) break
  }
  const seconds = (performance.now() - started) / 1000
  if (code === 0) return { name: stage.name, seconds, verdict: 'passed' }
  if (stopping) return { name: stage.name, seconds, verdict: 'stopped' }
  stopAll()
  return { name: stage.name, seconds, verdict: 'failed' }
}

async function runChain(chain: Chain, alone: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  for (const stage of chain) {
    const outcome = await run(stage, alone)
    outcomes.push(outcome)
    if (outcome.verdict !== 'passed') break
  }
  return outcomes
}

// Ctrl-C or a CI's cancel ends the stages too, not only this script.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll()
    process.exit(130)
  })
}

const outcomes: Outcome[] = []
const began = performance.now()
for (const step of STEPS) {
  const finished = (await Promise.all(step.map((chain) => runChain(chain, step.length === 1 && chain.length === 1)))).flat()
  outcomes.push(...finished)
  if (stopping) break
}
const total = (performance.now() - began) / 1000
for (const { name, verdict } of outcomes) {
  const lines = failures.get(name) ?? []
  if (verdict !== 'failed' || lines.length === 0) continue
  console.log(`\n${name} failed; its failures again (the whole output is above):`)
  for (const line of lines) console.log(`  ${line}`)
}
const LABEL = { passed: '', failed: '  FAILED', stopped: '  stopped: another stage failed' }
console.log('\nnpm test, stage by stage (the stages of a step ran side by side, the browser stage beside the vitest stages one after another):')
for (const { name, seconds, verdict } of outcomes) console.log(`  ${name.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s${LABEL[verdict]}`)
console.log(`  ${'total'.padEnd(34)} ${total.toFixed(1).padStart(6)} s`)
const passed = outcomes.filter((outcome) => outcome.verdict === 'passed').length
process.exitCode = passed === STEPS.flat(2).length ? 0 : 1
