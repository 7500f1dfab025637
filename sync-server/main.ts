import { serve } from '@hono/node-server'
import { createApp } from './app'

const port = Number(process.env.PORT ?? 8787)
const hostname = process.env.HOST ?? '127.0.0.1'

const app = createApp({ distDir: './dist' })
const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  console.log(`Quality Monitoring is serving on http://${hostname}:${info.port}`)
})

function shutdown(signal: string) {
  console.log(`${signal}: closing`)
  server.close(() => process.exit(0))
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
