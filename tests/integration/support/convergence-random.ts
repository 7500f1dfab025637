/** A small seeded PRNG (mulberry32): the same seed gives the same operations, picks and misbehaviour. */
export interface Random {
  (): number
  /** An integer in [min, max]. */
  int(min: number, max: number): number
  pick<T>(items: ReadonlyArray<T>): T
  chance(share: number): boolean
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const random = next as Random
  random.int = (min, max) => min + Math.floor(next() * (max - min + 1))
  random.pick = <T>(items: ReadonlyArray<T>): T => {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(next() * items.length)]!
  }
  random.chance = (share) => next() < share
  return random
}
