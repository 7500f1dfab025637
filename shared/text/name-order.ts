/**
 * The order names are listed in, everywhere (lines, stations, signals, classifications, users, data
 * sources, grid columns): as people read them — numbers by value ("Station 2" before "Station 10"),
 * letter case and accents ignored. The app is en-US only (README, Languages).
 *
 * One collator for every comparison: `localeCompare` with options builds a new collator per call,
 * which made sorting a line of 3,000 signals take over a second at 4× slower CPU
 * (bench/monitor-form.ts).
 */
export const compareNames = (a: string, b: string): number => (collator ??= newCollator()).compare(a, b)

/**
 * Made at the first comparison, not at import: a collator pages in ICU's collation data (~2 MB of
 * the server's resident memory), which an idle server never needs.
 */
let collator: Intl.Collator | undefined
const newCollator = () => new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
