import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { Precompressed } from '../http/content-coding'

/**
 * How a pull's answer is compressed, in one place for the route and for the benchmarks that measure
 * beside it (bench/server-replication.ts, bench/support/first-sync-floor.ts): the fastest level of
 * each coding — a page of signals still shrinks ~25×, at a few milliseconds (docs/architecture.md).
 */
export type PullCoding = Precompressed['coding']

/** On Node's thread pool, as the route answers. */
export function compressPull(body: Buffer, coding: PullCoding) {
  return coding === 'br' ? brotliAsync(body, brotliOptions(body)) : gzipAsync(body, GZIP_OPTIONS)
}

/** The same work in the calling thread, as a benchmark counts it. */
export function compressPullSync(body: Buffer, coding: PullCoding) {
  return coding === 'br' ? brotliCompressSync(body, brotliOptions(body)) : gzipSync(body, GZIP_OPTIONS)
}

const brotliOptions = (body: Buffer) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
})
const GZIP_OPTIONS = { level: 1 }
const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)
