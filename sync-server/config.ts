import {
  FeatureFlagSettingError,
  parseFeatureFlagSetting,
  type FlagPatch,
} from './domain/feature-flag-settings'
import { Messages } from '../shared/validation/messages'

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
  /** AUTHORITY_URL set: gateway mode, in front of the plant's own REST services (docs/gateway.md). */
  readonly gateway?: GatewayConfig
  /** GATEWAY_POKE_URLS: gateways in front of this server, asked to read it at once after each change. */
  readonly pokeUrls?: ReadonlyArray<string>
  /** GATEWAY_POKE_TOKEN: the bearer token those gateways expect (their POKE_TOKEN). */
  readonly gatewayPokeToken?: string
  /** FEATURE_FLAGS: flags by customer id, written into the customer's plants at every start (SHELL-03). */
  readonly featureFlags?: ReadonlyMap<string, FlagPatch>
  /** DEPLOYMENT_TOKEN: the bearer token of /api/deployment/*; unset, those routes answer 404. */
  readonly deploymentToken?: string
}

/** Gateway mode's settings; every one but the URL has a default (README). */
export interface GatewayConfig {
  /** The authority's base URL, e.g. http://plant-services:8080 (its REST API lives under /api). */
  readonly authorityUrl: string
  /** AUTHORITY_TIMEOUT_MS: a call to the authority with no answer by then counts as unreachable. */
  readonly timeoutMs: number
  /** POLL_STRUCTURE_MS: how often the plant's structure (lines, monitors, rules, integrations, users) is read. */
  readonly pollStructureMs: number
  /** POLL_BULK_MS: how often signals, stations and limits (the bulk) are read. */
  readonly pollBulkMs: number
  /** AUTHORITY_RETRY_MS: what a device is told to wait (Retry-After) while the authority is unreachable. */
  readonly retryAfterMs: number
  /** UNDO_RETRY_MS: how often an undo the authority did not answer is tried again. */
  readonly undoRetryMs: number
  /** POKE_TOKEN: when set, POST /gateway/poke needs `Authorization: Bearer <token>`. */
  readonly pokeToken: string | undefined
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
  const gateway = readGatewayConfig(env)
  const pokeUrls = list(env.GATEWAY_POKE_URLS)
  const featureFlags = parseFeatureFlagSetting(env.FEATURE_FLAGS)
  // A gateway's plants are the authority's: a flag written here would be read over at the next poll.
  if (gateway && featureFlags.size > 0) throw new FeatureFlagSettingError(Messages.features.notOnGateway)
  return {
    featureFlags,
    ...(env.DEPLOYMENT_TOKEN ? { deploymentToken: env.DEPLOYMENT_TOKEN } : {}),
    ...(gateway ? { gateway } : {}),
    ...(pokeUrls.length > 0 ? { pokeUrls } : {}),
    ...(env.GATEWAY_POKE_TOKEN ? { gatewayPokeToken: env.GATEWAY_POKE_TOKEN } : {}),
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: env.DIST_DIR ?? './dist',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    allowedOrigins: list(env.ALLOWED_ORIGINS),
    demo: {
      adminEmail: env.DEMO_ADMIN_EMAIL ?? DEFAULT_DEMO.adminEmail,
      adminPassword: env.DEMO_ADMIN_PASSWORD ?? DEFAULT_DEMO.adminPassword,
      userEmail: env.DEMO_USER_EMAIL ?? DEFAULT_DEMO.userEmail,
      userPassword: env.DEMO_USER_PASSWORD ?? DEFAULT_DEMO.userPassword,
    },
  }
}

/** The defaults of gateway mode's settings (README "Running in front of a plant's services"). */
export const GATEWAY_DEFAULTS = {
  timeoutMs: 10_000,
  pollStructureMs: 5_000,
  pollBulkMs: 60_000,
  retryAfterMs: 5_000,
  undoRetryMs: 30_000,
} as const

function readGatewayConfig(env: NodeJS.ProcessEnv): GatewayConfig | undefined {
  const raw = env.AUTHORITY_URL?.trim()
  if (!raw) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`AUTHORITY_URL must be an http(s) URL, got ${raw}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`AUTHORITY_URL must be an http(s) URL, got ${raw}`)
  return {
    authorityUrl: url.origin + url.pathname.replace(/\/+$/, ''),
    timeoutMs: positive(env, 'AUTHORITY_TIMEOUT_MS', GATEWAY_DEFAULTS.timeoutMs),
    pollStructureMs: positive(env, 'POLL_STRUCTURE_MS', GATEWAY_DEFAULTS.pollStructureMs),
    pollBulkMs: positive(env, 'POLL_BULK_MS', GATEWAY_DEFAULTS.pollBulkMs),
    retryAfterMs: positive(env, 'AUTHORITY_RETRY_MS', GATEWAY_DEFAULTS.retryAfterMs),
    undoRetryMs: positive(env, 'UNDO_RETRY_MS', GATEWAY_DEFAULTS.undoRetryMs),
    pokeToken: env.POKE_TOKEN || undefined,
  }
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a whole number of ms, got ${raw}`)
  return value
}

const list = (raw: string | undefined): ReadonlyArray<string> =>
  (raw ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
