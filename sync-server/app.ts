import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { Messages } from '../shared/validation/messages'
import { apiRoutes } from './api/routes'
import { deploymentRoutes } from './api/deployment-routes'
import { gatewayPokeRoutes } from './api/gateway-routes'
import { sessionRoutes } from './api/session-routes'
import type { Services } from './domain/services'
import type { AppEnv } from './http/app-env'
import { errorBody, handleError } from './http/errors'
import { crossSiteGuard, urlTextGuard } from './http/request-guards'
import { DEFAULT_REQUEST_POLICY, type RequestPolicy } from './http/request-policy'
import { mountStaticClient } from './http/static-client'
import { createSignInThrottle, type SignInThrottle } from './auth/sign-in-throttle'
import { replicationRoutes } from './replication/routes'

export interface AppOptions {
  readonly services: Services
  /** Folder of the built client; omitted in API-only tests. */
  readonly distDir?: string
  /** Proxy trust and extra allowed origins; none by default. */
  readonly policy?: RequestPolicy
  /** Wrong-password counting; one per app by default, so each test server starts clean. */
  readonly signInThrottle?: SignInThrottle
  /** Gateway mode: the bearer token POST /gateway/poke needs (POKE_TOKEN), if any. */
  readonly pokeToken?: string
  /** DEPLOYMENT_TOKEN: the bearer token of /api/deployment/* (feature flags); unset, they are 404. */
  readonly deploymentToken?: string
}

/** Composes the server: REST API, replication and the built client on one origin. */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const policy = options.policy ?? DEFAULT_REQUEST_POLICY
  const signInThrottle = options.signInThrottle ?? createSignInThrottle()
  app.onError(handleError)
  app.use('*', async (c, next) => {
    c.set('services', options.services)
    c.set('policy', policy)
    c.set('signInThrottle', signInThrottle)
    await next()
  })
  for (const prefix of ['/api/*', '/sync/*']) app.use(prefix, urlTextGuard, crossSiteGuard)
  // Conditional reads: a client (a gateway polling this server) that holds an answer gets 304 for it.
  app.use('/api/*', etag())
  app.get('/api/health', (c) => c.json({ ok: true }))
  // Before apiRoutes: the deployment's token, not a user's session, opens these.
  app.route('/api/deployment', deploymentRoutes(options.deploymentToken))
  app.route('/api', sessionRoutes())
  app.route('/api', apiRoutes())
  app.route('/sync', replicationRoutes())
  app.route('/gateway', gatewayPokeRoutes(options.pokeToken))
  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', Messages.server.notFound), 404))
  app.all('/sync/*', (c) => c.json(errorBody('NOT_FOUND', Messages.server.notFound), 404))
  app.all('/gateway/*', (c) => c.json(errorBody('NOT_FOUND', Messages.server.notFound), 404))
  if (options.distDir) mountStaticClient(app as unknown as Hono, options.distDir)
  return app
}
