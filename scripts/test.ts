// `npm test`: every check the project has, in steps, stopping at the first that fails, and the time
// of each at the end (issue 28: the suite is measured stage by stage). The checks that use one core
// each (the type check, lint, the build and its size budgets) run side by side in the first step;
// the test runners after it use every core, so they run one after another.
import { spawn } from 'node:child_process'

interface Stage {
  name: string
  /** npm scripts run one after the other. */
  scripts: string[]
}

const STEPS: Stage[][] = [
  [
    { name: 'typecheck', scripts: ['typecheck'] },
    { name: 'lint', scripts: ['lint'] },
    { name: 'build + size', scripts: ['build', 'size'] },
  ],
  // The app's tests and the server's in two runs, not one `vitest run`: mixed in one pool, the
  // server's files lose the module cache they share (its project runs with isolate: false) and
  // import everything again. Measured back to back: 95.7 s as two runs, 124 to 128 s as one.
  [{ name: 'unit, screens (app)', scripts: ['test:app'] }],
  [{ name: 'server on SQLite', scripts: ['test:server'] }],
  [{ name: 'server on PostgreSQL', scripts: ['test:pg'] }],
  [{ name: 'browser', scripts: ['test:e2e'] }],
]

interface Outcome { name: string; seconds: number; code: number }

/** Runs a stage's scripts; a stage beside others keeps its output until it ends, so none interleave. */
async function run(stage: Stage, alone: boolean): Promise<Outcome> {
  const started = performance.now()
  let code = 0
  for (const script of stage.scripts) {
    const chunks: Buffer[] = []
    code = await new Promise<number>((resolve) => {
      const child = spawn('npm', ['run', '-s', script], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
      child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk))
      child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk))
      child.on('close', (exit) => resolve(exit ?? 1))
    })
    if (!alone && chunks.length > 0) process.stdout.write(`\n── ${stage.name} (${script}) ──\n${Buffer.concat(chunks).toString()}`)
    if (code !== 0) break
  }
  return { name: stage.name, seconds: (performance.now() - started) / 1000, code }
}

const outcomes: Outcome[] = []
const began = performance.now()
for (const step of STEPS) {
  const finished = await Promise.all(step.map((stage) => run(stage, step.length === 1)))
  outcomes.push(...finished)
  if (finished.some((outcome) => outcome.code !== 0)) break
}
const total = (performance.now() - began) / 1000
const failed = outcomes.filter((outcome) => outcome.code !== 0)
console.log('\nnpm test, stage by stage (stages of one step ran side by side):')
for (const { name, seconds, code } of outcomes) console.log(`  ${name.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s${code === 0 ? '' : '  FAILED'}`)
console.log(`  ${'total'.padEnd(34)} ${total.toFixed(1).padStart(6)} s`)
process.exitCode = failed.length > 0 || outcomes.length < STEPS.flat().length ? 1 : 0
