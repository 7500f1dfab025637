import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * Gzip size of the JavaScript a first screen loads, from the files the browser actually requested
 * (their paths under dist/), so lazy chunks that were not needed do not count.
 */
export function gzipSizeOf(
  distDir: string,
  paths: ReadonlyArray<string>,
): { files: number; raw: number; gzip: number } {
  let raw = 0
  let gzip = 0
  for (const p of paths) {
    const body = readFileSync(join(distDir, p))
    raw += body.length
    gzip += gzipSync(body, { level: 9 }).length
  }
  return { files: paths.length, raw, gzip }
}
