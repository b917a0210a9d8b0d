// The reference servers of a run: one per Playwright worker, on E2E_PORT + the worker's index
// (tests switch the server's platform and settings, so two workers never share one).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8790)
/** On this 2-core machine two workers finish the suite soonest; E2E_WORKERS=1 runs them one by one. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2)

export const serverUrl = (workerIndex: number): string => `http://localhost:${E2E_PORT + workerIndex}`

/** The first staff admin of each server (issue 33's console tests make the staff they need through it). */
export const OPS_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password-2026' }
export const OPS_ADMIN_ENV = { OPS_ADMIN_USERNAME: OPS_ADMIN.username, OPS_ADMIN_PASSWORD: OPS_ADMIN.password }
