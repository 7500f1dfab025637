import { describe, expect, test } from 'vitest'
import {
  findUnstorableText,
  hasUnstorableCharacters,
  storableText,
} from '../../../shared/validation/text-rules'

/** HARDEN-01 (issue 12): the one rule for text PostgreSQL cannot store, shared by forms and server. */
describe('HARDEN-01 storable text', () => {
  test.each([
    ['plain text', 'Line 1', false],
    ['an emoji (a surrogate pair)', 'ok 😀', false],
    ['a NUL', 'a\u0000b', true],
    ['a lone high surrogate', '\ud800', true],
    ['a lone low surrogate', 'x\udc00', true],
    ['a reversed pair', '\udc00\ud800', true],
  ])('%s → unstorable %s', (_name, value, expected) => {
    expect(hasUnstorableCharacters(value)).toBe(expected)
  })

  test('the message names the field', () => {
    expect(storableText('Notes', 'a\u0000')).toBe(
      'Notes contains a character that cannot be stored (a NUL character or an unpaired surrogate)',
    )
    expect(storableText('Notes', 'fine')).toBeUndefined()
  })

  test('finds the first bad string anywhere in a JSON value, keys included', () => {
    expect(findUnstorableText({ a: [1, 'ok', { b: 'x\u0000' }] })).toEqual(['a', 2, 'b'])
    expect(findUnstorableText({ ['k\ud800']: 1 })).toEqual(['k\ud800'])
    expect(findUnstorableText('\u0000')).toEqual([])
    expect(findUnstorableText({ a: ['ok', { b: 'fine 😀' }], n: 1, z: null })).toBeUndefined()
  })

  test('finds the bad string at the bottom of a value nested 200,000 levels deep (issue 28)', () => {
    let value: unknown = 'x\u0000'
    for (let i = 0; i < 200_000; i++) value = [value]
    const path = findUnstorableText(value)
    expect(path).toHaveLength(200_000)
    expect(new Set(path)).toEqual(new Set([0]))
    expect(findUnstorableText([value, 'ok'])).toHaveLength(200_001)
  })
})
