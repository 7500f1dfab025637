import { describe, expect, it } from 'vitest'
import { compareNames } from '../../shared/text/name-order'

/** The one order of names in every list (shared/text/name-order.ts). */
describe('name order', () => {
  it('SIG-01 SM-01 numbers by value, letter case and accents ignored, ties equal', () => {
    const names = ['station 10', 'Station 2', 'Ëlectrode', 'electrode 1', 'Station 1', 'alpha']
    expect([...names].sort(compareNames)).toEqual([
      'alpha',
      'Ëlectrode',
      'electrode 1',
      'Station 1',
      'Station 2',
      'station 10',
    ])
    expect(compareNames('PRESS', 'press')).toBe(0)
  })
})
