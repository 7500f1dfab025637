import { Result, Schema, SchemaIssue } from 'effect'
import type { FieldErrors } from './field-error'

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * Decodes with a schema and reports every failure as a FieldError — the rule messages attached by
 * `checkWith` come through unchanged, so a form and the server show the same words.
 */
export function decodeWithErrors<S extends Schema.Decoder<unknown>>(
  schema: S,
  input: unknown,
): Result.Result<S['Type'], FieldErrors> {
  const result = Schema.decodeUnknownResult(schema)(input, { errors: 'all' })
  if (Result.isSuccess(result)) return Result.succeed(result.success)
  const { issues } = formatter(result.failure.issue)
  return Result.fail(
    issues.map((i) => ({
      path: (i.path ?? []).map((p) => (typeof p === 'number' ? p : String(p))),
      message: i.message,
    })),
  )
}
