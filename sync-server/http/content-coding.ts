/** The encodings the build precompresses (scripts/precompress.ts), in the order the server prefers them. */
export const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const

export type Precompressed = (typeof PRECOMPRESSED)[number]

/**
 * Which precompressed encodings an Accept-Encoding header allows, in the server's order (brotli,
 * then gzip), whatever order or weights the client gave: both are smaller than the original, and
 * brotli is the smaller. A weight of 0 (`br;q=0`) refuses an encoding; `*` stands for any encoding
 * not named; `x-gzip` is gzip (RFC 9110 §8.4.1.3). No header at all means identity only.
 */
export function acceptedCodings(header: string | undefined): ReadonlyArray<Precompressed> {
  if (!header) return []
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase())
    if (name === '') continue
    let weight = 1
    for (const param of params) {
      const q = /^q\s*=\s*([0-9.]+)$/.exec(param)
      if (q) weight = Number(q[1])
    }
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0)
  }
  return PRECOMPRESSED.filter((p) => (weights.get(p.coding) ?? weights.get('*') ?? 0) > 0)
}
