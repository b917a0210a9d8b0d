// axe in the page, for the accessibility table (e2e/shared/a11y.ts) and the prompts the table cannot
// reach on its own (issue 31's messenger prompts need the identity switched on and a messenger's
// launch): no serious or critical violation passes.
//
// axe-core's own runner for Playwright evaluated axe's 1.3 MB source twice on every check and handed
// back every rule's result, passes and all: in the table, four evaluations of the source per screen
// and palette. Here the minified source goes into a page once, and only what the tests read comes
// back (issue 48 §4).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'
import { expect } from '../fixtures'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string; failureSummary: string }[]
}

export interface AxeFindings {
  violations: AxeViolation[]
  /** How many rules passed. */
  passes: number
}

/** Runs axe on the page as it is now (`rules`: only these), once axe is in the page. The app's own
 *  document only: its one frame, the how-to video, is the video site's page (the frame's element,
 *  its title, is the app's and is checked). */
export async function runAxe(page: Page, rules?: readonly string[]): Promise<AxeFindings> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const options: RunOptions = { resultTypes: ['violations'], iframes: false, ...(rules && { runOnly: { type: 'rule', values: [...rules] } }) }
  return page.evaluate(async (options) => {
    const results: AxeResults = await (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, options)
    return {
      passes: results.passes.length,
      violations: results.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact: impact ?? null,
        help,
        nodes: nodes.map((node) => ({ target: node.target.join(' '), failureSummary: node.failureSummary ?? '' })),
      })),
    }
  }, options)
}

const BLOCKING = new Set(['serious', 'critical'])

/** The violations that fail a check: serious and critical. */
export const blockingOf = (violations: readonly AxeViolation[]) => violations.filter((violation) => BLOCKING.has(violation.impact ?? ''))

export async function expectAxeClean(page: Page): Promise<void> {
  const { violations } = await runAxe(page)
  expect(blockingOf(violations).map((violation) => violation.id)).toEqual([])
}
