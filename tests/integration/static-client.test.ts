import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mountStaticClient } from '../../sync-server/http/static-client'

/**
 * Issue 27 goal 4: the built client served over HTTP as a static server should — the precompressed
 * brotli / gzip file the request accepts, else the file itself; a year's cache for hashed assets,
 * revalidation for the rest; 304, HEAD; nothing outside dist/. The fixture dist/ is written here,
 * its compressed files made with node:zlib (not by the build step under test).
 */
const SCRIPT = `export const answer = ${JSON.stringify('forty-two '.repeat(400))}\n`
const HTML = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`
const SW = `self.addEventListener('install', () => {}) // precache ${'x'.repeat(2000)}\n`
const ASSET = '/assets/index-BeAxs5tS.js'
const SECRET = 'top secret, outside dist'

let top = ''
let dist = ''
let http: ServerType | undefined
let port = 0

beforeAll(async () => {
  top = mkdtempSync(join(tmpdir(), 'qm-static-'))
  dist = join(top, 'dist')
  mkdirSync(join(dist, 'assets'), { recursive: true })
  const old = new Date(Date.now() - 60_000)
  const files: Record<string, string> = {
    'index.html': HTML,
    'assets/index-BeAxs5tS.js': SCRIPT,
    'sw.js': SW,
    'manifest.webmanifest': JSON.stringify({ name: 'Quality Monitoring', display: 'standalone' }),
  }
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(join(dist, name), body)
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(body))
    writeFileSync(join(dist, `${name}.gz`), gzipSync(body))
    utimesSync(join(dist, name), old, old)
  }
  // sw.js edited after the build (a deployment, or tests/e2e/app-updates.spec.ts): its compressed
  // files are now older than it and hold the previous version.
  const swTime = new Date()
  writeFileSync(join(dist, 'sw.js'), `${SW}// a new version\n`)
  utimesSync(join(dist, 'sw.js'), swTime, swTime)
  for (const suffix of ['.br', '.gz']) utimesSync(join(dist, `sw.js${suffix}`), old, old)
  // Outside dist: a secret, its "compressed" copies, and a link to it from inside.
  writeFileSync(join(top, 'secret.txt'), SECRET)
  writeFileSync(join(top, 'secret.txt.br'), brotliCompressSync(SECRET))
  writeFileSync(join(top, 'secret.txt.gz'), gzipSync(SECRET))
  symlinkSync(join(top, 'secret.txt'), join(dist, 'linked.txt'))

  const app = new Hono()
  mountStaticClient(app, dist)
  http = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  port = (http.address() as AddressInfo).port
})

afterAll(async () => {
  if (http) await new Promise<void>((resolve) => http!.close(() => resolve()))
  rmSync(top, { recursive: true, force: true })
})

interface Answer {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  /** The bytes as sent, not decoded. */
  readonly body: Buffer
}

/** A raw HTTP request (fetch would decode the body and add its own Accept-Encoding). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const CHROMIUM = { 'accept-encoding': 'gzip, deflate, br, zstd' }

describe('OFF-01 static client: content negotiation', () => {
  test('brotli when the request accepts it, with its own length, type and Vary', async () => {
    const res = await get(ASSET, CHROMIUM)
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT)
    expect(Number(res.headers['content-length'])).toBe(res.body.length)
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SCRIPT))
    expect(res.headers['content-type']).toMatch(/^text\/javascript/)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
  })

  test.each([
    ['gzip only', 'gzip'],
    ['brotli refused by weight', 'br;q=0, gzip;q=0.5'],
    ['the old alias', 'x-gzip'],
  ])('gzip when brotli is not accepted (%s)', async (_name, header) => {
    const res = await get(ASSET, { 'accept-encoding': header })
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT)
    expect(Number(res.headers['content-length'])).toBe(res.body.length)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
  })

  test.each([
    ['no Accept-Encoding', {}],
    ['identity only', { 'accept-encoding': 'identity' }],
    ['both refused', { 'accept-encoding': 'br;q=0, gzip;q=0, *;q=0' }],
  ])('the file itself with %s', async (_name, headers: Record<string, string>) => {
    const res = await get(ASSET, headers)
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe(SCRIPT)
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT))
    expect(res.headers.vary).toMatch(/accept-encoding/i)
  })

  test('the manifest and the page are compressed too, with their own types', async () => {
    const manifest = await get('/manifest.webmanifest', CHROMIUM)
    expect(manifest.headers['content-type']).toBe('application/manifest+json')
    expect(JSON.parse(brotliDecompressSync(manifest.body).toString())).toMatchObject({
      display: 'standalone',
    })
    const page = await get('/', CHROMIUM)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(brotliDecompressSync(page.body).toString()).toBe(HTML)
  })
})

describe('OFF-07 static client: caching', () => {
  test('a hashed asset is cached for a year, immutable', async () => {
    const res = await get(ASSET, CHROMIUM)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  test.each(['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/settings?section=LINE_MANAGEMENT'])(
    '%s is revalidated on every use',
    async (path) => {
      const res = await get(path, CHROMIUM)
      expect(res.status).toBe(200)
      expect(res.headers['cache-control']).toBe('no-cache')
    },
  )

  test('sw.js edited after the build is served as edited, not from its older compressed files', async () => {
    const res = await get('/sw.js', CHROMIUM)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe(`${SW}// a new version\n`)
  })

  test('a deep link gets the page; a missing asset is a 404, not the page', async () => {
    const deep = await get('/settings?section=LINE_MANAGEMENT', CHROMIUM)
    expect(brotliDecompressSync(deep.body).toString()).toBe(HTML)
    const missing = await get('/assets/gone-AAAAAAAA.js', CHROMIUM)
    expect(missing.status).toBe(404)
    expect(missing.headers['cache-control']).toBeUndefined()
  })

  test('If-None-Match with the ETag answers 304 with no body; each encoding has its own ETag', async () => {
    const br = await get(ASSET, CHROMIUM)
    const gz = await get(ASSET, { 'accept-encoding': 'gzip' })
    expect(br.headers.etag).toBeTruthy()
    expect(gz.headers.etag).not.toBe(br.headers.etag)
    const again = await get(ASSET, { ...CHROMIUM, 'if-none-match': String(br.headers.etag) })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(br.headers.etag)
    expect(again.headers.vary).toMatch(/accept-encoding/i)
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const other = await get(ASSET, { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) })
    expect(other.status).toBe(200)
    expect(gunzipSync(other.body).toString()).toBe(SCRIPT)
  })

  test('If-Modified-Since answers 304 when the file is not newer, 200 when it is', async () => {
    const first = await get('/index.html', CHROMIUM)
    const lastModified = String(first.headers['last-modified'])
    expect((await get('/index.html', { ...CHROMIUM, 'if-modified-since': lastModified })).status).toBe(304)
    const earlier = new Date(Date.parse(lastModified) - 3_600_000).toUTCString()
    const changed = await get('/index.html', { ...CHROMIUM, 'if-modified-since': earlier })
    expect(changed.status).toBe(200)
    expect(brotliDecompressSync(changed.body).toString()).toBe(HTML)
  })

  test('HEAD answers the headers of a GET and no body', async () => {
    const got = await get(ASSET, CHROMIUM)
    const head = await get(ASSET, CHROMIUM, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    for (const name of [
      'content-type',
      'content-length',
      'content-encoding',
      'etag',
      'cache-control',
      'vary',
    ])
      expect(head.headers[name]).toBe(got.headers[name])
  })
})

describe('OFF-01 static client: nothing outside dist', () => {
  test.each(['/../secret.txt', '/%2e%2e/secret.txt', '/assets/../../secret.txt'])(
    '%s: dot segments end at the root, as in a browser (WHATWG URL), so the page answers, never the file',
    async (path) => {
      for (const headers of [CHROMIUM, { 'accept-encoding': 'gzip' }, {}]) {
        const res = await get(path, headers)
        expect(res.headers['cache-control']).toBe('no-cache')
        expect(res.body.toString()).not.toContain('secret')
      }
    },
  )

  test.each([
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/..%5csecret.txt',
    '/secret.txt%00.js',
    '/%E0%A4%A',
    '/linked.txt',
  ])('%s is refused with a 404, in any encoding', async (path) => {
    for (const headers of [CHROMIUM, { 'accept-encoding': 'gzip' }, {}]) {
      const res = await get(path, headers)
      expect(res.status).toBe(404)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.body.toString()).not.toContain('secret')
    }
  })
})
