import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './postgres-cluster'

/**
 * Starts a throwaway PostgreSQL cluster (postgres-cluster.ts) for the suites that run against a
 * real server, unless TEST_DATABASE_URL points at one already.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

let stop: (() => void) | undefined

export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL
  if (given) {
    project.provide('postgresUrl', given)
    return
  }
  const cluster = await startPostgresCluster()
  stop = cluster.stop
  project.provide('postgresUrl', cluster.url)
  // Returned, not exported as `teardown`: vitest 4 ignored that export beside a default setup, and
  // every run left its cluster running (a dozen after one session).
  return () => stop?.()
}
