import { LOCATION_CORPORATE, LOCATION_PROVIDER, LOCATION_UNASSIGNED } from '../../shared/constants'
import type { Plant } from '../../shared/schema/plant'
import { User, type UserLocationConfig } from '../../shared/schema/user'
import { isProviderLocation } from '../../shared/validation/integration-rules'
import { Messages } from '../../shared/validation/messages'
import { decodeInput } from '../http/body'
import { getDocument } from '../store/documents'
import type { CollectionRules, WriteContext } from './collection-rules'
import { badRequest, forbidden, notFound } from './domain-error'
import { hasFeature, isRecord } from './integration-scope'
import { claimEmail, removeAccount } from './user-credentials'

/**
 * users (USER-02..05), customer-wide and administrators only (applyChange refuses anyone else
 * before this runs; `authorize` repeats it so the rule reads complete here). Email unique across
 * customers; an administrator cannot change their own role nor delete themselves; lastLogin and
 * customerId are the server's; a location names a plant of the customer, or corporate, provider or
 * unassigned; deleting needs the plant's user-deletion flag and ends the user's account.
 */
export const userRules: CollectionRules<User> = {
  collection: 'users',
  scope: 'customer',
  deletable: true,
  authorize(session, { id, next }) {
    if (session.role !== 'administrator') throw forbidden(Messages.server.forbidden)
    // Decision: deleting yourself would leave the customer without the account doing the deleting.
    if (next === undefined && id === session.userId) throw forbidden(Messages.server.forbidden)
  },
  decode(data) {
    // Placeholders for the server-owned fields, replaced in validate.
    const normalized = isRecord(data) ? { ...data, lastLogin: null, customerId: 'server' } : data
    return decodeInput(User, normalized)
  },
  async validate(ctx, { id, previous, next }) {
    if (!next) throw new Error('validate without a document')
    const before = previous?.data
    if (before && before.role !== next.role && id === ctx.session.userId) {
      throw forbidden(Messages.users.cannotChangeOwnRole)
    }
    const email = next.email.trim()
    const locationConfig = await checkLocation(ctx, before?.locationConfig, next.locationConfig)
    await claimEmail(ctx, id, email)
    return {
      id,
      email,
      lastLogin: before?.lastLogin ?? null,
      role: next.role,
      locationConfig,
      customerId: ctx.session.customerId,
    }
  },
  async afterWrite(ctx, { id, next }) {
    if (next !== undefined) return
    if (!(await hasFeature(ctx.tx, ctx.session, 'userDeletion'))) throw forbidden(Messages.server.forbidden)
    await removeAccount(ctx, id)
  },
}

const sameLocation = (a: UserLocationConfig, b: UserLocationConfig) =>
  a.locationName === b.locationName && a.locationPlantId === b.locationPlantId

/** USER-05: the location to store, or a rejection. An unchanged location is kept as stored. */
async function checkLocation(
  ctx: WriteContext,
  before: UserLocationConfig | undefined,
  next: UserLocationConfig,
): Promise<UserLocationConfig> {
  if (before && sameLocation(before, next)) return before
  const { session, tx } = ctx
  // Moving an existing user is the user-location feature; a new user always gets a location.
  if (before && !(await hasFeature(tx, session, 'userLocation'))) throw forbidden(Messages.server.forbidden)
  // Provider staff are not moved into a customer location from here (their row offers only 'provider').
  if (before && isProviderLocation(before) && !isProviderLocation(next))
    throw forbidden(Messages.server.forbidden)

  if (next.locationPlantId !== null) {
    const plant = await getDocument<Plant>(tx, session.customerId, 'plants', next.locationPlantId)
    if (!plant || plant.deleted) throw notFound(Messages.server.notFound)
    // The name shown is the plant's own, whatever label the client had.
    return { locationName: plant.data.name, locationPlantId: plant.id }
  }
  switch (next.locationName) {
    case null:
    case LOCATION_UNASSIGNED:
      // The legacy name 'unassigned' and nulls mean the same; nulls are what is stored.
      return { locationName: null, locationPlantId: null }
    case LOCATION_CORPORATE:
      return { locationName: LOCATION_CORPORATE, locationPlantId: null }
    case LOCATION_PROVIDER:
      // Only provider staff may place someone at the provider's location.
      if (!isProviderLocation(session.locationConfig) && !(before && isProviderLocation(before))) {
        throw forbidden(Messages.server.forbidden)
      }
      return { locationName: LOCATION_PROVIDER, locationPlantId: null }
    default:
      // Any other name is a plant's, and a plant location needs its id.
      throw badRequest(Messages.users.locationPlantIdRequired)
  }
}
