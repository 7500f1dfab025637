import {
  LOCATION_CORPORATE,
  LOCATION_PROVIDER,
  LOCATION_UNASSIGNED,
  RELIANCE_SECRET_MASK_LENGTH,
} from '../constants'
import { fieldError } from './field-error'
import type { FieldError, FieldErrors } from './field-error'
import { Messages } from './messages'
import { required } from './text-rules'

/** Integration and user forms: Teams URL (TEAMS-01), Reliance (ETQ-02/03), add user and locations (USER-02/05). */

// ── TEAMS-01 webhook URL ────────────────────────────────────────────────────

/**
 * 'URL cannot be blank'; otherwise an absolute https URL with a host ('URL must be a valid https
 * address'): Teams only issues https webhooks, and an http one would send alerts in clear text.
 * Judged on the trimmed text, which is what is saved.
 */
export const validateTeamsWebhookUrl = (url: string): string | undefined => {
  const text = url.trim()
  if (text === '') return Messages.teams.urlBlank
  let parsed: URL
  try {
    parsed = new URL(text)
  } catch {
    return Messages.teams.invalidUrl
  }
  return parsed.protocol === 'https:' && parsed.hostname !== '' ? undefined : Messages.teams.invalidUrl
}

// ── ETQ-02/03 Reliance ──────────────────────────────────────────────────────

export interface RelianceFormValues {
  readonly apiHost: string
  readonly clientId: string
  readonly clientSecret: string
  readonly tokenEndpoint: string
}

/** All four required ('{label} is required'); the secret starts blank on edit, so it is re-entered. */
export const validateRelianceForm = (values: RelianceFormValues): FieldErrors => {
  const R = Messages.reliance
  const checks: ReadonlyArray<[keyof RelianceFormValues, string | undefined]> = [
    ['apiHost', required(R.hostLabel, values.apiHost)],
    ['clientId', required(R.clientIdLabel, values.clientId)],
    ['clientSecret', required(R.clientSecretLabel, values.clientSecret)],
    ['tokenEndpoint', required(R.tokenUrlLabel, values.tokenEndpoint)],
  ]
  return checks.flatMap(([path, message]) => (message === undefined ? [] : [fieldError(path, message)]))
}

/** Status chip: SUCCESS and ERROR are named, anything else is Not Configured. */
export const relianceStatusLabel = (status: string): string =>
  status === 'SUCCESS'
    ? Messages.reliance.statusActive
    : status === 'ERROR'
      ? Messages.reliance.statusFailed
      : Messages.reliance.statusNotConfigured

/** Delete is offered only for active or failed rows. */
export const canDeleteRelianceConfig = (status: string): boolean => status === 'SUCCESS' || status === 'ERROR'

/** View mode never shows the secret, only a fixed-length mask (its length reveals nothing). */
export const RELIANCE_SECRET_MASK = '•'.repeat(RELIANCE_SECRET_MASK_LENGTH)

// ── USER-02 add user ────────────────────────────────────────────────────────

export interface AddUserFormValues {
  readonly email: string
  readonly customerId: string
  readonly locationPlantId: string
}

// Deliberately loose (something@something.tld, no spaces): the server's uniqueness check and the
// sign-in flow are the real proof of an address.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const isEmailLike = (email: string): boolean => EMAIL.test(email.trim())

/** E-mails compare trimmed and case-insensitively (one address per user within a customer). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

export const validateAddUserForm = (values: AddUserFormValues): FieldErrors => {
  const U = Messages.users
  const errors: Array<FieldError> = []
  if (values.email.trim() === '') errors.push(fieldError('email', U.emailRequired))
  else if (!isEmailLike(values.email)) errors.push(fieldError('email', U.emailInvalid))
  if (values.customerId.trim() === '') errors.push(fieldError('customerId', U.customerIdRequired))
  if (values.locationPlantId.trim() === '')
    errors.push(fieldError('locationPlantId', U.locationPlantIdRequired))
  return errors
}

// ── USER-05 location options ────────────────────────────────────────────────

export interface LocationConfigLike {
  readonly locationName: string | null
  readonly locationPlantId: string | null
}

export interface LocationOption extends LocationConfigLike {
  /** Stable key for the select. */
  readonly key: string
  readonly label: string
}

export const UNASSIGNED_OPTION: LocationOption = {
  key: LOCATION_UNASSIGNED,
  label: 'Unassigned',
  // PATCH /api/users/{userId} sends both null for unassigned.
  locationName: null,
  locationPlantId: null,
}
export const CORPORATE_OPTION: LocationOption = {
  key: LOCATION_CORPORATE,
  label: 'Corporate',
  locationName: LOCATION_CORPORATE,
  locationPlantId: null,
}
export const PROVIDER_OPTION: LocationOption = {
  key: LOCATION_PROVIDER,
  label: 'Provider',
  locationName: LOCATION_PROVIDER,
  locationPlantId: null,
}

export const isProviderLocation = (config: LocationConfigLike | null): boolean =>
  config?.locationName === LOCATION_PROVIDER

/**
 * Options of a user's Location select. Everyone gets the plants, Corporate and Unassigned; a viewer
 * whose own location is the provider's also gets 'provider'; a row whose user is provider staff
 * offers only 'provider' (provider staff are not moved into a customer location from here).
 */
export const locationOptions = (args: {
  readonly plants: ReadonlyArray<{ readonly id: string; readonly name: string }>
  readonly viewer: LocationConfigLike | null
  readonly rowUser: LocationConfigLike | null
}): ReadonlyArray<LocationOption> => {
  if (isProviderLocation(args.rowUser)) return [PROVIDER_OPTION]
  const plants = args.plants.map((p): LocationOption => ({
    key: `plant:${p.id}`,
    label: p.name,
    locationName: p.name,
    locationPlantId: p.id,
  }))
  const base = [...plants, CORPORATE_OPTION, UNASSIGNED_OPTION]
  return isProviderLocation(args.viewer) ? [...base, PROVIDER_OPTION] : base
}

/** The option a stored location selects; the legacy name 'unassigned' and nulls both mean Unassigned. */
export const selectedLocationKey = (config: LocationConfigLike): string => {
  if (config.locationPlantId !== null) return `plant:${config.locationPlantId}`
  if (config.locationName === LOCATION_CORPORATE) return LOCATION_CORPORATE
  if (config.locationName === LOCATION_PROVIDER) return LOCATION_PROVIDER
  return LOCATION_UNASSIGNED
}
