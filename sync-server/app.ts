import { Hono } from 'hono'
import { mountStaticClient } from './http/static-client'

export interface AppOptions {
  /** Folder of the built client; omitted in API-only tests. */
  readonly distDir?: string
}

/** Composes the server: REST API, replication and the built client on one origin. */
export function createApp(options: AppOptions = {}): Hono {
  const app = new Hono()
  app.get('/api/health', (c) => c.json({ ok: true }))
  if (options.distDir) mountStaticClient(app, options.distDir)
  return app
}
