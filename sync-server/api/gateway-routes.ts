import { Hono } from 'hono'
import { Schema } from 'effect'
import { COLLECTIONS } from '../../shared/sync/collections'
import { Messages } from '../../shared/validation/messages'
import { requireAdmin } from '../auth/middleware'
import { sameBearer } from '../auth/token'
import { DomainError, notFound } from '../domain/domain-error'
import type { AppEnv } from '../http/app-env'
import { decodeInput, readJson } from '../http/body'

/**
 * Gateway mode's own routes (docs/gateway.md); 404 in the embedded mode.
 * - POST /gateway/poke `{customerId?, collections?}`: the authority asks for an immediate read of the
 *   customer's plants (or every plant) — of the parts holding `collections` when it names them. Needs `Authorization: Bearer <POKE_TOKEN>` when POKE_TOKEN is set. A poke
 *   only brings a read forward, so a stranger's poke costs at most a read.
 * - GET /api/gateway/status (administrators): the plant's reads, undos waiting for the authority.
 */
export const PokeInput = Schema.Struct({
  customerId: Schema.optionalKey(Schema.NonEmptyString),
  /** What changed (collection names): only those parts are read. Absent: the whole structure. */
  collections: Schema.optionalKey(
    Schema.Array(Schema.Literals(COLLECTIONS)).check(Schema.isMaxLength(COLLECTIONS.length)),
  ),
})

export function gatewayPokeRoutes(pokeToken: string | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.post('/poke', async (c) => {
    const gateway = c.var.services.gateway
    if (!gateway) throw notFound(Messages.server.notFound)
    if (pokeToken !== undefined && !sameBearer(c.req.header('authorization') ?? '', pokeToken))
      throw new DomainError(401, 'UNAUTHORIZED', Messages.server.unauthorized)
    // An empty body pokes every plant; Hono keeps the text, so readJson reads it again for free.
    const text = await c.req.text()
    const { customerId, collections } = text.trim() === '' ? {} : decodeInput(PokeInput, await readJson(c))
    gateway.poke(customerId, collections)
    return c.json({ ok: true }, 202)
  })
  return app
}

export function gatewayStatusRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.get('/gateway/status', requireAdmin, async (c) => {
    const { services, session } = c.var
    if (!services.gateway) throw notFound(Messages.server.notFound)
    return c.json(await services.gateway.status(session.customerId, session.plantId))
  })
  return app
}
