// Global setup of the app's tests: the server's routes read once for the run, in Node, and handed
// to every test file (tests/contractRoutes.ts), instead of a server built and closed in each
// file's page.
import type { TestProject } from 'vitest/node'
import { readRegisteredRoutes, type RegisteredRoute } from './registeredRoutes'

declare module 'vitest' {
  export interface ProvidedContext {
    contractRoutes: RegisteredRoute[]
  }
}

export default async function setup(project: TestProject) {
  project.provide('contractRoutes', await readRegisteredRoutes())
}
