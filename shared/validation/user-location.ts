import { LOCATION_CORPORATE, LOCATION_PROVIDER, LOCATION_UNASSIGNED } from '../constants'
import { isProviderLocation, type LocationConfigLike } from './integration-rules'
import { Messages } from './messages'

/**
 * USER-05: which location a user may be given, as one pure rule the user intents run on both hosts
 * (shared/intents/users.ts). A location names a plant of the customer, or corporate, the provider's
 * own location, or unassigned. The caller supplies what the rule needs to look up: the plant named
 * (if any), whether the user-location flag is on, and where the acting administrator works.
 */
export type LocationOutcome =
  | { readonly ok: true; readonly location: LocationConfigLike }
  | { readonly ok: false; readonly status: 400 | 403 | 404; readonly message: string }

export interface LocationContext {
  /** The user's location before, or undefined for a user being added. */
  readonly before: LocationConfigLike | undefined
  readonly next: LocationConfigLike
  /** The plant `next.locationPlantId` names, when it is one the actor can see. */
  readonly plant: { readonly id: string; readonly name: string } | undefined
  readonly userLocationFlag: boolean
  readonly actorLocation: LocationConfigLike
}

const ok = (location: LocationConfigLike): LocationOutcome => ({ ok: true, location })
const refuse = (status: 400 | 403 | 404, message: string): LocationOutcome => ({ ok: false, status, message })
const forbidden = () => refuse(403, Messages.server.forbidden)

const sameLocation = (a: LocationConfigLike, b: LocationConfigLike) =>
  a.locationName === b.locationName && a.locationPlantId === b.locationPlantId

/** The location to store, or why not. An unchanged location is kept as stored. */
export function resolveLocation(ctx: LocationContext): LocationOutcome {
  const { before, next } = ctx
  if (before && sameLocation(before, next)) return ok(before)
  // Moving an existing user is the user-location feature; a new user always gets a location.
  if (before && !ctx.userLocationFlag) return forbidden()
  // Provider staff are not moved into a customer location from here (their row offers only 'provider').
  if (before && isProviderLocation(before) && !isProviderLocation(next)) return forbidden()

  if (next.locationPlantId !== null) {
    if (!ctx.plant || ctx.plant.id !== next.locationPlantId) return refuse(404, Messages.server.notFound)
    // The name shown is the plant's own, whatever label the client had.
    return ok({ locationName: ctx.plant.name, locationPlantId: ctx.plant.id })
  }
  switch (next.locationName) {
    case null:
    case LOCATION_UNASSIGNED:
      // The legacy name 'unassigned' and nulls mean the same; nulls are what is stored.
      return ok({ locationName: null, locationPlantId: null })
    case LOCATION_CORPORATE:
      return ok({ locationName: LOCATION_CORPORATE, locationPlantId: null })
    case LOCATION_PROVIDER:
      // Only provider staff may place someone at the provider's location.
      if (!isProviderLocation(ctx.actorLocation) && !(before && isProviderLocation(before)))
        return forbidden()
      return ok({ locationName: LOCATION_PROVIDER, locationPlantId: null })
    default:
      // Any other name is a plant's, and a plant location needs its id.
      return refuse(400, Messages.users.locationPlantIdRequired)
  }
}
