import { serve } from '@hono/node-server'
import { createApp } from './app'
import { readConfig } from './config'
import { startServices } from './server'

/** A setting the server cannot start with: say which, without a stack trace, and exit 1. */
const refuseToStart = (error: unknown): never => {
  console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

const config = (() => {
  try {
    return readConfig()
  } catch (error) {
    return refuseToStart(error)
  }
})()
const opening = performance.now()
console.log(config.databaseUrl ? 'Opening PostgreSQL (DATABASE_URL)' : `Opening PGlite in ${config.dataDir}`)
if (config.gateway) console.log(`Gateway mode: the authority is ${config.gateway.authorityUrl}`)
const { services, close } = await startServices(config).catch(refuseToStart)
console.log(`Database ready in ${((performance.now() - opening) / 1000).toFixed(1)} s`)
const app = createApp({
  services,
  distDir: config.distDir,
  policy: { trustProxy: config.trustProxy, allowedOrigins: config.allowedOrigins },
  ...(config.gateway?.pokeToken ? { pokeToken: config.gateway.pokeToken } : {}),
  ...(config.deploymentToken ? { deploymentToken: config.deploymentToken } : {}),
})

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`Quality Monitoring is serving on http://${config.host}:${info.port}`)
  if (!config.gateway)
    console.log(`Demo sign-in: ${config.demo.adminEmail} / ${config.demo.adminPassword} (administrator)`)
  else console.log('Sign in with an account of the authority')
  // The start's garbage (PGlite's 9 MB WebAssembly file as read, the migrations' and seed check's
  // objects) would wait for the next full collection, which an idle server may not reach for
  // hours: collected once now (npm start passes --expose-gc; elsewhere gc is absent).
  ;(globalThis as { gc?: () => void }).gc?.()
  console.log(`Resident memory: ${Math.round(process.memoryUsage().rss / 1e6)} MB`)
})

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
// Every acknowledged write was committed in its own transaction, so even a SIGKILL loses none.
let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  console.log(`${signal}: finishing in-flight requests`)
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  // close() lets a running Reliance connection test record its result first (within the force limit).
  server.close(() => void close().then(() => process.exit(0)))
  // Open SSE streams would hold the server open forever: end idle and streaming sockets.
  ;(server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.()
  setTimeout(
    () => (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.(),
    2000,
  ).unref()
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
