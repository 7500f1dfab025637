import { Hono, type Context } from 'hono'
import { Messages } from '../../shared/validation/messages'
import { sameBearer } from '../auth/token'
import { DomainError, badRequest, notFound } from '../domain/domain-error'
import {
  FeatureFlagSettingError,
  applyFlagPatch,
  parseFlagPatch,
  readCustomerFlags,
  type PlantFlags,
} from '../domain/feature-flag-settings'
import type { AppEnv } from '../http/app-env'
import { readJson } from '../http/body'

/**
 * What whoever deploys the server may change while it runs (README "Feature flags"), behind
 * `Authorization: Bearer <DEPLOYMENT_TOKEN>`; without DEPLOYMENT_TOKEN these routes do not exist (404).
 * - GET   /api/deployment/customers/{customerId}/feature-flags: each plant's flags.
 * - PATCH the same with `{"<flag>": true|false, …}`: the named flags of every plant of the customer;
 *   devices get the change through replication. A bad key is a 400 naming it.
 */
export function deploymentRoutes(token: string | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    if (token === undefined) throw notFound(Messages.server.notFound)
    if (!sameBearer(c.req.header('authorization') ?? '', token))
      throw new DomainError(401, 'UNAUTHORIZED', Messages.server.unauthorized)
    // A gateway's plants are the authority's: its next read would put the old flags back.
    if (c.var.services.gateway) throw new DomainError(409, 'CONFLICT', Messages.features.notOnGateway)
    await next()
  })
  app.get('/customers/:customerId/feature-flags', async (c) =>
    answer(c, await settled(() => readCustomerFlags(c.var.services, c.req.param('customerId')))),
  )
  app.patch('/customers/:customerId/feature-flags', async (c) => {
    const patch = await settled(async () =>
      parseFlagPatch(await readJson(c), Messages.server.requestBodyLabel),
    )
    return answer(c, await settled(() => applyFlagPatch(c.var.services, c.req.param('customerId'), patch)))
  })
  return app
}

const answer = (c: Context<AppEnv>, plants: ReadonlyArray<PlantFlags>) =>
  c.json({ customerId: c.req.param('customerId'), plants })

/** A setting's refusal as the HTTP answer: an unknown customer is 404, a bad key 400. */
async function settled<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (!(error instanceof FeatureFlagSettingError)) throw error
    throw error.kind === 'unknownCustomer' ? notFound(error.message) : badRequest(error.message)
  }
}
