import { Hono } from 'hono'
import { Messages } from '../shared/validation/messages'
import { apiRoutes } from './api/routes'
import { sessionRoutes } from './api/session-routes'
import type { Services } from './domain/services'
import type { AppEnv } from './http/app-env'
import { errorBody, handleError } from './http/errors'
import { mountStaticClient } from './http/static-client'
import { replicationRoutes } from './replication/routes'

export interface AppOptions {
  readonly services: Services
  /** Folder of the built client; omitted in API-only tests. */
  readonly distDir?: string
}

/** Composes the server: REST API, replication and the built client on one origin. */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.onError(handleError)
  app.use('*', async (c, next) => {
    c.set('services', options.services)
    await next()
  })
  app.get('/api/health', (c) => c.json({ ok: true }))
  app.route('/api', sessionRoutes())
  app.route('/api', apiRoutes())
  app.route('/sync', replicationRoutes())
  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', Messages.server.notFound), 404))
  app.all('/sync/*', (c) => c.json(errorBody('NOT_FOUND', Messages.server.notFound), 404))
  if (options.distDir) mountStaticClient(app as unknown as Hono, options.distDir)
  return app
}
