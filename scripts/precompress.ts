import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Logger, Plugin } from 'vite'

/** Text files worth compressing; images (PNG) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/
/** Below this a compressed answer saves less than its own headers cost. */
const MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every compressible file
 * of `dir` (recursively), each only when smaller than the file; the server picks one by the
 * request's Accept-Encoding (sync-server/http/static-client.ts). Compressing once at build lets the
 * slowest, smallest settings run, which compressing per request could not afford. Answers the
 * bytes written, by encoding, for the build's log.
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; raw: number; br: number; gz: number }> {
  const total = { files: 0, raw: 0, br: 0, gz: 0 }
  for (const path of await compressibleFiles(dir)) {
    const body = await readFile(path)
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: 9 }),
    ])
    // Written after the original, so never older than it (the server serves a variant only then).
    if (br.length < body.length) await writeFile(`${path}.br`, br)
    if (gz.length < body.length) await writeFile(`${path}.gz`, gz)
    total.files += 1
    total.raw += body.length
    total.br += Math.min(br.length, body.length)
    total.gz += Math.min(gz.length, body.length)
  }
  return total
}

async function compressibleFiles(dir: string): Promise<Array<string>> {
  const found: Array<string> = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) found.push(...(await compressibleFiles(path)))
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name) && (await stat(path)).size >= MIN_BYTES)
      found.push(path)
  }
  return found
}

/**
 * The build step: after every other plugin has written its files (vite-plugin-pwa writes sw.js and
 * the Workbox runtime in its own closeBundle), so they are compressed too.
 */
export function precompressBuild(): Plugin {
  let outDir = 'dist'
  let logger: Logger | undefined
  return {
    name: 'qm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      logger = config.logger
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const t = await precompressDir(outDir)
        const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`
        logger?.info(`precompressed ${t.files} files: ${kib(t.raw)} → brotli ${kib(t.br)}, gzip ${kib(t.gz)}`)
      },
    },
  }
}
