import { Schema } from 'effect'

/**
 * What every rule function returns: the failures, each pointing at a field. An empty list is valid.
 * Forms show `message` beside the field at `path`; the server answers the first one with 400.
 */
export interface FieldError {
  readonly path: ReadonlyArray<string | number>
  readonly message: string
}
export type FieldErrors = ReadonlyArray<FieldError>

export const fieldError = (path: string | ReadonlyArray<string | number>, message: string): FieldError => ({
  path: typeof path === 'string' ? [path] : path,
  message,
})

/** The first message for a field, for forms that show one message per input. */
export const messageAt = (errors: FieldErrors, ...path: ReadonlyArray<string | number>): string | undefined =>
  errors.find((e) => e.path.length === path.length && e.path.every((p, i) => p === path[i]))?.message

/**
 * Turns a rule function into a schema check, so a schema decode fails with the rule's exact
 * messages and paths. The rule stays the single source; the schema only carries it.
 */
export const checkWith = <T>(validate: (value: T) => FieldErrors) =>
  Schema.makeFilter<T>((value) => {
    const errors = validate(value)
    if (errors.length === 0) return true
    return errors.map((e) => ({ path: [...e.path], issue: e.message }))
  })
