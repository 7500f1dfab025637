import { deepEqual } from 'rxdb/plugins/utils'

/**
 * RxDB's query matcher, without mingo. RxDB decides with it which documents a query holds when a
 * storage cannot say so by an index alone and which change events touch a live query
 * (`getQueryMatcher` in rxdb's rx-query-helper.js, which imports `getMingoQuery` from
 * rx-query-mingo.js). Mingo with the operators RxDB registers is ~6.6 KiB of the session's code
 * (brotli); the selectors this app and RxDB's own collections write use a handful of operators, so
 * the build (vite.config.ts) resolves that one import here. An operator outside the set throws
 * (as mingo does for an unknown one) instead of answering wrongly; the answers are checked against
 * mingo's in selector-matcher.test.ts.
 *
 * Semantics as MongoDB's (and mingo's): a dotted path reaches into nested objects and arrays; a
 * field holding an array matches when the array itself or one of its elements does; a missing
 * field equals null; $gt/$gte/$lt/$lte compare values of one type only (numbers, strings, dates).
 */
export function getMingoQuery(selector: Selector): { test(doc: unknown): boolean } {
  const test = compile(selector)
  return { test }
}

export type Selector = Readonly<Record<string, unknown>>

type Test = (doc: unknown) => boolean

function compile(selector: Selector): Test {
  const tests = Object.entries(selector).map(([key, condition]): Test => {
    switch (key) {
      case '$and':
        return every(selectors(key, condition).map(compile))
      case '$or': {
        const any = selectors(key, condition).map(compile)
        return (doc) => any.some((t) => t(doc))
      }
      case '$nor': {
        const none = selectors(key, condition).map(compile)
        return (doc) => !none.some((t) => t(doc))
      }
      default:
        if (key.startsWith('$')) throw unsupported(key)
        return field(key, condition)
    }
  })
  return every(tests)
}

function field(path: string, condition: unknown): Test {
  const keys = path.split('.')
  const isOperators =
    isPlainObject(condition) &&
    Object.keys(condition).length > 0 &&
    Object.keys(condition).every((k) => k.startsWith('$'))
  const checks = isOperators
    ? Object.entries(condition).map(([op, operand]) => operator(op, operand))
    : [operator('$eq', condition)]
  return (doc) => {
    const values = valuesAt(doc, keys)
    return checks.every((check) => check(values))
  }
}

/** A check over the values a path reaches (several when it crosses arrays; none when missing). */
type Check = (values: ReadonlyArray<unknown>) => boolean

function operator(op: string, operand: unknown): Check {
  switch (op) {
    case '$eq':
      return (values) => matchesAny(values, (v) => equals(v, operand))
    case '$ne':
      return (values) => !matchesAny(values, (v) => equals(v, operand))
    case '$in': {
      const list = array(op, operand)
      return (values) => matchesAny(values, (v) => list.some((o) => equals(v, o)))
    }
    case '$nin': {
      const list = array(op, operand)
      return (values) => !matchesAny(values, (v) => list.some((o) => equals(v, o)))
    }
    case '$gt':
      return ordered(operand, (c) => c > 0)
    case '$gte':
      return ordered(operand, (c) => c >= 0)
    case '$lt':
      return ordered(operand, (c) => c < 0)
    case '$lte':
      return ordered(operand, (c) => c <= 0)
    case '$exists':
      return (values) => values.some((v) => v !== undefined) === Boolean(operand)
    default:
      throw unsupported(op)
  }
}

/** Every value the path reaches: arrays on the way are crossed element by element. */
function valuesAt(doc: unknown, keys: ReadonlyArray<string>): Array<unknown> {
  let values: Array<unknown> = [doc]
  for (const key of keys) {
    const next: Array<unknown> = []
    for (const value of values) {
      if (Array.isArray(value)) {
        const index = /^\d+$/.test(key) ? value[Number(key)] : undefined
        if (index !== undefined) next.push(index)
        else
          for (const element of value) if (isPlainObject(element) && key in element) next.push(element[key])
      } else if (isPlainObject(value) && key in value) next.push(value[key])
    }
    values = next
  }
  return values
}

/** A field matches when a value it reaches does, or (for an array) one of the array's elements. */
function matchesAny(values: ReadonlyArray<unknown>, test: (value: unknown) => boolean): boolean {
  if (values.length === 0) return test(undefined)
  return values.some((v) => test(v) || (Array.isArray(v) && v.some((e) => test(e))))
}

/** null in a selector also matches a missing field (MongoDB's rule). */
function equals(value: unknown, operand: unknown): boolean {
  if (operand === null) return value === null || value === undefined
  return deepEqual(value, operand)
}

function ordered(operand: unknown, accept: (comparison: number) => boolean): Check {
  const kind = kindOf(operand)
  if (kind === undefined) throw unsupported(`a comparison with ${typeof operand}`)
  const bound = kind === 'date' ? (operand as Date).getTime() : (operand as number | string)
  return (values) =>
    matchesAny(values, (v) => {
      if (kindOf(v) !== kind) return false
      const x = kind === 'date' ? (v as Date).getTime() : (v as number | string)
      return accept(x < bound ? -1 : x > bound ? 1 : 0)
    })
}

function kindOf(value: unknown): 'number' | 'string' | 'date' | undefined {
  if (typeof value === 'number' || typeof value === 'string') return typeof value as 'number' | 'string'
  return value instanceof Date ? 'date' : undefined
}

function every(tests: ReadonlyArray<Test>): Test {
  return (doc) => tests.every((t) => t(doc))
}

function selectors(op: string, value: unknown): Array<Selector> {
  if (!Array.isArray(value) || !value.every(isPlainObject))
    throw new Error(`${op} needs an array of selectors`)
  return value
}

function array(op: string, value: unknown): ReadonlyArray<unknown> {
  if (!Array.isArray(value)) throw new Error(`${op} needs an array`)
  return value
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
}

function unsupported(what: string): Error {
  return new Error(
    `RxDB query operator not supported on this device: ${what} (client/db/storage/selector-matcher.ts)`,
  )
}
