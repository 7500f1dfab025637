/**
 * The order names are listed in, everywhere (lines, stations, signals, classifications, users, data
 * sources, grid columns): as people read them — numbers by value ("Station 2" before "Station 10"),
 * letter case and accents ignored. The app is en-US only (README, Languages).
 *
 * One collator for every comparison: `localeCompare` with options builds a new collator per call,
 * which made sorting a line of 3,000 signals take over a second at 4× slower CPU
 * (bench/monitor-form.ts).
 */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

export const compareNames = (a: string, b: string): number => collator.compare(a, b)
