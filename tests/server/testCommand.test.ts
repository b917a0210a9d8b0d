// @vitest-environment node
// `npm run test:pg` (scripts/with-postgres.sh) never passes without running: with no PostgreSQL
// it fails, unless SKIP_PG=1 says the skip is meant (issue 14, point 5).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Runs the script on a PATH that has no pg_virtualenv (only what the script needs before its check). */
function runWithoutPostgres(env: Record<string, string>) {
  const bin = mkdtempSync(join(tmpdir(), 'no-pg-'))
  dirs.push(bin)
  symlinkSync(spawnSync('bash', ['-c', 'command -v dirname']).stdout.toString().trim(), join(bin, 'dirname'))
  return spawnSync('/bin/bash', ['scripts/with-postgres.sh'], { env: { PATH: bin, ...env }, encoding: 'utf8' })
}

describe('npm run test:pg without PostgreSQL', () => {
  it('fails and says why', () => {
    const run = runWithoutPostgres({})
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('pg_virtualenv is not installed')
  })

  it('skips only when SKIP_PG=1 asks for it', () => {
    const run = runWithoutPostgres({ SKIP_PG: '1' })
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('SKIPPED on purpose')
  })
})
