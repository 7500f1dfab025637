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
 * A goal of issue 27 as `npm run bench` prints it: `goal: <name> <value> (goal ≤ <bound>) met|MISSED`
 * (the name holds the words the issue names the measure by).
 */
export const goalLine = (
  name: string,
  value: number,
  bound: number,
  format: (n: number) => string = (n) => `${n.toFixed(2)}×`,
) => `goal: ${name} ${format(value)} (goal ≤ ${format(bound)}) ${value <= bound ? 'met' : 'MISSED'}`

export const median = (values: ReadonlyArray<number>): number => percentile(values, 50)
