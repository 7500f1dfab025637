import { describe, expect, test } from 'vitest'
import { nestsDeeperThan } from '../../../sync-server/http/json-depth'

/** HARDEN (issue 28): the one-pass depth check that refuses deeply nested bodies before JSON.parse. */
describe('HARDEN nesting depth of a request body', () => {
  const nested = (levels: number, open = '[', close = ']') => open.repeat(levels) + close.repeat(levels)

  test.each([
    ['flat values', '1', 0, false],
    ['an empty object at the limit', '{}', 1, false],
    ['arrays exactly at the limit', nested(64), 64, false],
    ['arrays one level past the limit', nested(65), 64, true],
    ['objects one level past the limit', '{"a":'.repeat(65) + '1' + '}'.repeat(65), 64, true],
    ['mixed arrays and objects', '{"a":[{"b":[1]}]}', 3, true],
    ['siblings do not add up', '[[1],[2],[3],[4]]', 2, false],
    ['unclosed brackets still count', '['.repeat(300_000), 64, true],
  ])('%s', (_name, text, limit, expected) => {
    expect(nestsDeeperThan(text, limit)).toBe(expected)
  })

  test('brackets inside strings, escaped quotes included, do not count', () => {
    const text = JSON.stringify({ a: '[[[[{{{{', b: 'say \\"[[[[\\" and "{{{{"', c: ['\\'] })
    expect(nestsDeeperThan(text, 2)).toBe(false)
    expect(nestsDeeperThan(text, 1)).toBe(true)
  })

  test('the depth JSON.stringify writes is the depth counted', () => {
    let value: unknown = 'leaf'
    for (let i = 0; i < 70; i++) value = i % 2 ? [value] : { k: value }
    const text = JSON.stringify(value)
    expect(nestsDeeperThan(text, 70)).toBe(false)
    expect(nestsDeeperThan(text, 69)).toBe(true)
  })
})
