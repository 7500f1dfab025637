/** Server settings from the environment, with the embedded defaults `npm start` uses. */
export interface ServerConfig {
  readonly port: number
  readonly host: string
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly distDir: string
  readonly demo: DemoCredentials
  /** TRUST_PROXY=1: a TLS-terminating proxy is in front; believe its X-Forwarded-Proto / -For. */
  readonly trustProxy: boolean
  /** ALLOWED_ORIGINS: comma-separated origins, besides the server's own, that may write. */
  readonly allowedOrigins: ReadonlyArray<string>
}

export interface DemoCredentials {
  readonly adminEmail: string
  readonly adminPassword: string
  readonly userEmail: string
  readonly userPassword: string
}

export const DEFAULT_DEMO: DemoCredentials = {
  adminEmail: 'admin@demo.plant',
  adminPassword: 'demo-admin-1',
  userEmail: 'operator@demo.plant',
  userPassword: 'demo-user-1',
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8787)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`)
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: env.DIST_DIR ?? './dist',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
    demo: {
      adminEmail: env.DEMO_ADMIN_EMAIL ?? DEFAULT_DEMO.adminEmail,
      adminPassword: env.DEMO_ADMIN_PASSWORD ?? DEFAULT_DEMO.adminPassword,
      userEmail: env.DEMO_USER_EMAIL ?? DEFAULT_DEMO.userEmail,
      userPassword: env.DEMO_USER_PASSWORD ?? DEFAULT_DEMO.userPassword,
    },
  }
}
