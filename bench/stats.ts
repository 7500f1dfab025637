/** Small helpers for benchmark figures. */
export const percentile = (values: ReadonlyArray<number>, p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

export const ms = (n: number) => `${n.toFixed(1)} ms`
export const perSecond = (count: number, millis: number) =>
  `${Math.round((count / millis) * 1000).toLocaleString('en-US')}/s`
export const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`

export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now()
  const value = await fn()
  return { value, ms: performance.now() - start }
}

export function table(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)))
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n')
}

/**
 * The line every goal prints, in the form the issues ask for (a reader and a script find it by its
 * measure's name): `goal: <name> <value> (goal ≤ <bound>) met|MISSED`.
 */
export const goalLine = (name: string, value: number, bound: number, format: (n: number) => string = ms) =>
  `goal: ${name} ${format(value)} (goal ≤ ${format(bound)}) ${value <= bound ? 'met' : 'MISSED'}`
