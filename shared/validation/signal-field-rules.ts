import { FRIENDLY_NAME_MAX_LENGTH } from '../constants'
import { fieldError } from './field-error'
import type { FieldError, FieldErrors } from './field-error'
import { Messages } from './messages'

/**
 * The rules of one signal field (SM-06 friendly name, SM-11 classification values), which the
 * signal schema (shared/schema/signal.ts) carries. They know no signal type, so the schema can use
 * them while the other signal rules (signal-rules.ts) use the schema's types.
 */
const M = Messages.signals

/** null (no friendly name) and '' are fine; a leading space is not; the length is bounded. */
export const validateSignalFriendlyName = (value: string | null): string | undefined => {
  if (value === null) return undefined
  if (/^\s/.test(value)) return M.noLeadingSpaces
  if (value.length > FRIENDLY_NAME_MAX_LENGTH) return Messages.text.maxLength(FRIENDLY_NAME_MAX_LENGTH)
  return undefined
}

/**
 * Uniqueness key of a classification value: trimmed and case-insensitive, so 'Scratch' and
 * ' scratch ' cannot both exist (a failure query matching on them could not tell them apart).
 */
export const classificationValueKey = (value: string): string => value.trim().toLowerCase()

interface ValueRow {
  readonly value: string
  /** Rows of several signals may be edited together; uniqueness is per signal. */
  readonly signalId?: string
}

/**
 * Value required ('Value is required') and unique per signal ('Value must be unique'), at path
 * [index, 'value']. Every duplicate is marked, not only the later ones, because the rows re-sort
 * by value and "later" would move.
 */
export const validateClassificationRows = (rows: ReadonlyArray<ValueRow>): FieldErrors => {
  const counts = new Map<string, number>()
  const keyOf = (r: ValueRow) => `${r.signalId ?? ''}\u0000${classificationValueKey(r.value)}`
  for (const r of rows) counts.set(keyOf(r), (counts.get(keyOf(r)) ?? 0) + 1)
  const errors: Array<FieldError> = []
  rows.forEach((r, i) => {
    if (r.value.trim() === '') errors.push(fieldError([i, 'value'], Messages.classifications.valueRequired))
    else if ((counts.get(keyOf(r)) ?? 0) > 1) {
      errors.push(fieldError([i, 'value'], Messages.classifications.valueUnique))
    }
  })
  return errors
}
