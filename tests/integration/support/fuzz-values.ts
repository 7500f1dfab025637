import type { Random } from './convergence-random'

/**
 * Hostile inputs for the fuzz test: values that broke servers like this one before (NUL, lone
 * surrogates, huge and non-finite numbers, prototype keys, deep nesting), and ways to graft them
 * into otherwise well-formed bodies, ids and queries.
 */

/** Serialized as the literal 1e400, which JSON.parse reads as Infinity (JSON.stringify cannot write it). */
export const INFINITY_MARK = '\u0001fuzz-infinity\u0001'

const nested = (depth: number): unknown => {
  let v: unknown = 'leaf'
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v }
  return v
}

export const HOSTILE_VALUES: ReadonlyArray<unknown> = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udbff\udfff',
  '',
  ' ',
  ' leading',
  'x'.repeat(5000),
  '😀',
  '\u202e',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'toString',
  '9999-99-99T99:99:99Z',
  '2026-01-01T00:00:00.000Z',
  'https://evil.example',
  'line-paint',
  'plant-other',
  -1,
  0,
  -0,
  0.5,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  5e-324,
  INFINITY_MARK,
  true,
  false,
  null,
  [],
  {},
  [null],
  ['\u0000'],
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  nested(60),
]

export const HOSTILE_IDS: ReadonlyArray<string> = [
  '%00',
  'a%00',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  '..',
  '..%2F..%2Fetc',
  'x'.repeat(3000),
  '%F0%9F%98%80',
  '%20',
  'null',
  '__proto__',
  "'%3B--",
]

export const HOSTILE_QUERY_VALUES: ReadonlyArray<string> = [
  '%00',
  '%ED%A0%80',
  '',
  'x'.repeat(2000),
  '%',
  'svd',
  'cap',
]

/** A deep copy with one place changed: a leaf replaced, a key removed, or a hostile key added. */
export function mutate(value: unknown, random: Random): unknown {
  const copy = structuredClone(value) as unknown
  const containers: Array<Record<string, unknown> | unknown[]> = []
  const walk = (v: unknown) => {
    if (v !== null && typeof v === 'object') {
      containers.push(v as Record<string, unknown>)
      for (const child of Object.values(v)) walk(child)
    }
  }
  walk(copy)
  if (containers.length === 0) return random.pick(HOSTILE_VALUES)
  const target = random.pick(containers)
  const keys = Object.keys(target)
  const roll = random()
  if (Array.isArray(target)) {
    if (keys.length === 0 || roll < 0.2) target.push(random.pick(HOSTILE_VALUES))
    else target[random.int(0, target.length - 1)] = random.pick(HOSTILE_VALUES)
  } else if (keys.length > 0 && roll < 0.7) {
    target[random.pick(keys)] = random.pick(HOSTILE_VALUES)
  } else if (keys.length > 0 && roll < 0.85) {
    delete target[random.pick(keys)]
  } else {
    const key = random.pick(['\u0000', '\ud800', '__proto__', 'constructor', 'extra', 'id', '_deleted'])
    Object.defineProperty(target, key, {
      value: random.pick(HOSTILE_VALUES),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return copy
}

/** JSON text of a body, with the Infinity mark written as a number JSON.parse overflows. */
export const toJsonText = (body: unknown): string =>
  JSON.stringify(body).replaceAll(JSON.stringify(INFINITY_MARK), '1e400')

export const RAW_BODIES: ReadonlyArray<string> = [
  '',
  ' ',
  '{',
  'null',
  '1',
  '"x"',
  '[]',
  '{}',
  '[[]]',
  '{"a":1,"a":2}',
  '\u0000',
  '{"x":"\\u0000"}',
  '{"x":"\\ud800"}',
  '[' + '['.repeat(5000) + ']'.repeat(5000) + ']',
]
