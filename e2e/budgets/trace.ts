// Reading a Chromium trace (browser.startTracing) for the budget tests: its events on the
// renderers' main threads.

export interface TraceEvent { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } }

/** A trace Chromium handed back cut short (seen once in a clean-clone run: "Unexpected end of JSON
 *  input"). Its events cannot be counted, and counting the part that came would undercount the
 *  page, so the run it belongs to is measured again. */
export class TraceCut extends Error {}

function parseTrace(trace: Buffer): { traceEvents: TraceEvent[] } {
  try {
    return JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }
  } catch (error) {
    throw new TraceCut(`the trace (${trace.length} bytes) is not whole JSON: ${String(error)}`)
  }
}

/** The complete events called `name` on a renderer's main thread, in the order they began. */
export function mainThreadEvents(trace: Buffer, name: string): TraceEvent[] {
  const { traceEvents } = parseTrace(trace)
  const main = new Set(traceEvents.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .map((event) => `${event.pid}:${event.tid}`))
  return traceEvents.filter((event) => event.name === name && event.ph === 'X' && main.has(`${event.pid}:${event.tid}`))
    .sort((a, b) => a.ts - b.ts)
}
