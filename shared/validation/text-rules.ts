import { TEXT_MIN_LENGTH_DEFAULT } from '../constants'
import { Messages } from './messages'

/**
 * The generic text and number rules of the specification ('{label} is required', …). Each returns
 * the message of the first rule broken, or undefined. Callers compose them per field.
 */
const M = Messages.text

const ALPHANUMERIC_AND_SPACES = /^[A-Za-z0-9 ]*$/

export const isBlank = (value: string | null | undefined): boolean => value == null || value.trim() === ''

export const required = (label: string, value: string | null | undefined): string | undefined =>
  isBlank(value) ? M.required(label) : undefined

export const noSpecialCharacters = (label: string, value: string): string | undefined =>
  ALPHANUMERIC_AND_SPACES.test(value) ? undefined : M.specialCharacters(label)

export const minLength = (
  label: string,
  value: string,
  n: number = TEXT_MIN_LENGTH_DEFAULT,
): string | undefined => (value.length >= n ? undefined : M.minLength(label, n))

export const noLeadingSpaces = (label: string, value: string): string | undefined =>
  /^\s/.test(value) ? M.leadingSpaces(label) : undefined

export const atLeast = (label: string, value: number, n: number): string | undefined =>
  value >= n ? undefined : M.atLeast(label, n)

export const atMost = (label: string, value: number, n: number): string | undefined =>
  value <= n ? undefined : M.atMost(label, n)

export const wholeNumber = (label: string, value: number): string | undefined =>
  Number.isInteger(value) ? undefined : M.wholeNumber(label)

/** Digits only: what the numeric inputs of the rule and period editors accept. */
export const isDigits = (raw: string): boolean => /^[0-9]+$/.test(raw)

/** Runs rules in order and returns the first message. */
export const firstError = (...results: ReadonlyArray<string | undefined>): string | undefined =>
  results.find((r) => r !== undefined)

/**
 * NUL (U+0000) or a lone UTF-16 surrogate: characters PostgreSQL's UTF-8 text and JSONB cannot
 * hold. Checked once here so a form, the body reader and the URL check refuse them alike.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this rule looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const hasUnstorableCharacters = (value: string): boolean => UNSTORABLE.test(value)

export const storableText = (label: string, value: string): string | undefined =>
  hasUnstorableCharacters(value) ? M.unstorableCharacters(label) : undefined

/**
 * The path (keys and indexes) of the first string in a JSON value, key or value, that cannot be
 * stored; undefined when every string can. Iterative, so a deeply nested body cannot overflow the
 * stack, and linear: each value keeps a link to its parent, and the path is built only for the one
 * found (copying the path at every level cost time quadratic in the depth: 9 s for 40,000 levels).
 */
export const findUnstorableText = (value: unknown): ReadonlyArray<string | number> | undefined => {
  const stack: Visit[] = [{ value, parent: undefined, key: undefined }]
  while (stack.length > 0) {
    const visit = stack.pop()!
    const current = visit.value
    if (typeof current === 'string') {
      if (hasUnstorableCharacters(current)) return pathOf(visit)
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], parent: visit, key: i })
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current)
      for (const [key] of entries) if (hasUnstorableCharacters(key)) return [...pathOf(visit), key]
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push({ value: entries[i]![1], parent: visit, key: entries[i]![0] })
    }
  }
  return undefined
}

interface Visit {
  readonly value: unknown
  readonly parent: Visit | undefined
  readonly key: string | number | undefined
}

const pathOf = (visit: Visit): Array<string | number> => {
  const path: Array<string | number> = []
  for (let at: Visit | undefined = visit; at?.parent !== undefined; at = at.parent) path.push(at.key!)
  return path.reverse()
}
