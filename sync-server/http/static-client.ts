import type { Context, Hono } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import type { Stats } from 'node:fs'
import { open, realpath, stat } from 'node:fs/promises'
import { resolve, sep } from 'node:path'
import { Readable } from 'node:stream'
import { Messages } from '../../shared/validation/messages'
import { acceptedCodings, type Precompressed } from './content-coding'
import { errorBody } from './errors'

/** Vite names every file under assets/ by its content (`index-BeAxs5tS.js`): a new build, a new name. */
export const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** index.html, sw.js, the manifest, icons: kept, but asked about again each time (a 304 when unchanged). */
export const REVALIDATE = 'no-cache'

/**
 * Serves the built PWA from dist/, each file in the smallest encoding the request accepts: the
 * brotli or gzip file the build wrote beside it (scripts/precompress.ts), else the file itself.
 * A compressed file older than its original is ignored (dist/sw.js edited after the build, as
 * tests/e2e/app-updates.spec.ts does, is served as edited). Hashed assets are cached for a year;
 * everything else is revalidated, or an update (a new sw.js, a new index.html) never reaches users.
 * Any other GET that is not an API or sync path gets index.html, so deep links
 * (/settings?section=…) work on first load before the service worker exists; a missing file under
 * assets/ is a 404, never the page (a cached-for-a-year HTML answer to a script request).
 * A path that leaves dist/ (`..`, encoded or not, a NUL, a backslash, a symbolic link out) is a 404.
 */
export function mountStaticClient(app: Hono, distDir: string): void {
  const root = resolve(distDir)
  let realRoot: Promise<string> | undefined
  app.get('*', async (c, next) => {
    const path = c.req.path
    if (path.startsWith('/api/') || path.startsWith('/sync/')) return next()
    realRoot ??= realpath(root)
    const target = await fileInside(await realRoot, rawPath(c.req.url))
    if (target === 'outside') return notFound(c)
    const found = target && (await regularFile(target))
    if (found) return sendFile(c, found.path, found.stats)
    if (path.startsWith('/assets/')) return notFound(c)
    const index = await regularFile(resolve(root, 'index.html'))
    return index ? sendFile(c, index.path, index.stats, '/index.html') : notFound(c)
  })
}

const notFound = (c: Context) => c.json(errorBody('NOT_FOUND', Messages.server.notFound), 404)

/** The request's path as sent (Hono's c.req.path has already decoded some of it). */
const rawPath = (url: string) => url.replace(/^[a-z]+:\/\/[^/]*/i, '').replace(/[?#].*$/s, '')

/** The file `raw` names inside `root`, 'outside' when it would leave it, undefined when unreadable. */
async function fileInside(root: string, raw: string): Promise<string | 'outside' | undefined> {
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return 'outside'
  }
  if (/[\0\\]/.test(decoded) || decoded.split('/').includes('..')) return 'outside'
  const full = resolve(root, `.${decoded}`)
  if (full !== root && !full.startsWith(root + sep)) return 'outside'
  let real: string
  try {
    real = await realpath(full)
  } catch {
    return undefined
  }
  if (real !== root && !real.startsWith(root + sep)) return 'outside'
  return real === root ? resolve(root, 'index.html') : real
}

async function regularFile(path: string): Promise<{ path: string; stats: Stats } | undefined> {
  const stats = await stat(path).catch(() => undefined)
  return stats?.isFile() ? { path, stats } : undefined
}

async function sendFile(c: Context, path: string, original: Stats, urlPath = rawPath(c.req.url)) {
  const coding = await usableCoding(path, original, acceptedCodings(c.req.header('accept-encoding')))
  const served = coding ? path + coding.suffix : path
  // Opened before its size is read, so a file replaced meanwhile cannot get the other one's length.
  const handle = await open(served).catch(() => undefined)
  if (!handle) return notFound(c)
  const stats = await handle.stat()
  const etag = `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}${coding ? `-${coding.coding}` : ''}"`
  const headers: Record<string, string> = {
    'Cache-Control': HASHED_ASSET.test(urlPath) ? IMMUTABLE : REVALIDATE,
    ETag: etag,
    'Last-Modified': original.mtime.toUTCString(),
    Vary: 'Accept-Encoding',
  }
  if (notModified(c, etag, original.mtime)) {
    await handle.close()
    return c.body(null, 304, headers)
  }
  headers['Content-Type'] = getMimeType(path) ?? 'application/octet-stream'
  headers['Content-Length'] = String(stats.size)
  if (coding) headers['Content-Encoding'] = coding.coding
  if (c.req.method === 'HEAD') {
    await handle.close()
    return c.body(null, 200, headers)
  }
  const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>
  return c.body(body, 200, headers)
}

/** The first accepted precompressed file beside `path` that is not older than `path` itself. */
async function usableCoding(
  path: string,
  original: Stats,
  accepted: ReadonlyArray<Precompressed>,
): Promise<Precompressed | undefined> {
  for (const coding of accepted) {
    const compressed = await regularFile(path + coding.suffix)
    if (compressed && compressed.stats.mtimeMs >= original.mtimeMs) return coding
  }
  return undefined
}

/** RFC 9110 §13.1: If-None-Match (weak comparison) wins; If-Modified-Since only without it. */
function notModified(c: Context, etag: string, modified: Date): boolean {
  const ifNoneMatch = c.req.header('if-none-match')
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true
    return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  }
  const since = Date.parse(c.req.header('if-modified-since') ?? '')
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since
}
