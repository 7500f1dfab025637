import type { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'

/**
 * Serves the built PWA from dist/. Any other GET that is not an API or sync path gets index.html,
 * so deep links (/settings?section=…) work on first load before the service worker exists.
 */
export function mountStaticClient(app: Hono, distDir: string): void {
  app.use('/*', async (c, next) => {
    // The service worker and the HTML must always be revalidated, or an update never reaches users.
    await next()
    const path = c.req.path
    if (path === '/sw.js' || path.endsWith('.html') || path === '/' || path === '/manifest.webmanifest') {
      c.header('Cache-Control', 'no-cache')
    } else if (path.startsWith('/assets/')) {
      c.header('Cache-Control', 'public, max-age=31536000, immutable')
    }
  })
  app.use('/*', serveStatic({ root: distDir }))
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/sync/')) return next()
    return serveStatic({ root: distDir, path: 'index.html' })(c, next)
  })
}
