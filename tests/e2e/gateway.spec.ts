import { expect, test } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Messages } from '../../shared/validation/messages'
import { ADMIN, cellButton, editLineCell, HOURS, lineRow } from './support/app'
import { goOffline, openSyncedTablet } from './support/tablet'

/**
 * Gateway mode in Chromium (docs/gateway.md): a touch tablet at 1024×768 signs in to a gateway
 * (the product with AUTHORITY_URL) in front of another instance of the product, the authority,
 * both started here from the bundle the end-to-end server built. The tablet works as in front of
 * the embedded server: its offline edit reaches the authority, a change made on the authority
 * directly shows on it live within the poll interval, and while the authority cannot be reached the
 * tablet says so (not "offline"), keeps the change pending and sends it once it answers.
 */
const AUTHORITY_PORT = Number(process.env.E2E_AUTHORITY_PORT ?? 8797)
const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 8796)
const AUTHORITY = `http://127.0.0.1:${AUTHORITY_PORT}`
const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`

// Made in beforeAll, not when the file loads: the runner loads it in more than one process.
let folder = ''
let authority: ChildProcess | undefined
let gateway: ChildProcess | undefined

/** The product as `npm start` runs it (its bundle), with its own port, data folder and settings. */
async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist-server/server.mjs'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: 'ignore',
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server on ${port} did not start`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

const startAuthority = () => startServer(AUTHORITY_PORT, { DATA_DIR: join(folder, 'authority') })

test.beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'qm-e2e-gateway-'))
  authority = await startAuthority()
  gateway = await startServer(GATEWAY_PORT, {
    DATA_DIR: join(folder, 'gateway'),
    AUTHORITY_URL: AUTHORITY,
    POLL_STRUCTURE_MS: '1000',
    POLL_BULK_MS: '5000',
    AUTHORITY_TIMEOUT_MS: '3000',
    AUTHORITY_RETRY_MS: '1000',
  })
})

test.afterAll(async () => {
  await stopServer(gateway)
  await stopServer(authority)
  if (folder) rmSync(folder, { recursive: true, force: true })
})

test.use({ baseURL: GATEWAY })

/** The authority's REST API, called directly (another app of the plant, not through the gateway). */
async function authorityApi() {
  const signIn = await fetch(`${AUTHORITY}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!
  return {
    line: async (id: string) =>
      (await (await fetch(`${AUTHORITY}/api/lines/${id}`, { headers: { cookie } })).json()) as {
        ingestionThresholdHours: number
      },
    patchLine: (id: string, body: unknown) =>
      fetch(`${AUTHORITY}/api/lines/${id}`, {
        method: 'PATCH',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  }
}

test('OFF-02 OFF-03 OFF-04 LINE-04 a tablet in front of a gateway: its offline edit reaches the plant’s server, the server’s changes show live, and while it cannot be reached the edit waits and says so', async ({
  browser,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'LINE_MANAGEMENT')
  const upstream = await authorityApi()
  const cell = cellButton(page, HOURS, 'Paint Line')
  const before = Number((await cell.textContent())?.trim())

  // Offline: stored on the tablet at once, pending; online again: on the authority.
  await goOffline(context, page)
  await editLineCell(page, HOURS, 'Paint Line', String(before + 1))
  await expect(cell).toHaveText(String(before + 1))
  await expect(lineRow(page, '^Paint Line').getByText('Pending')).toBeVisible()
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')
  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  expect((await upstream.line('line-paint')).ingestionThresholdHours).toBe(before + 1)

  // Changed on the authority directly: the gateway reads it within its poll interval (1 s here) and
  // the tablet shows it live, without a reload.
  expect((await upstream.patchLine('line-paint', { ingestionThresholdHours: before + 2 })).status).toBe(200)
  await expect(cell).toHaveText(String(before + 2), { timeout: 10_000 })

  // The authority down: the edit is kept and pending, and the tablet says why (not "offline").
  await stopServer(authority)
  await editLineCell(page, HOURS, 'Paint Line', String(before + 3))
  await expect(cell).toHaveText(String(before + 3))
  await expect(page.getByText(Messages.sync.authorityUnreachableShort)).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')
  await expect(page.getByText('Offline', { exact: true })).toHaveCount(0)

  // Back: the change goes on its own.
  authority = await startAuthority()
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  await expect(page.getByText(Messages.sync.authorityUnreachableShort)).toHaveCount(0)
  expect((await upstream.line('line-paint')).ingestionThresholdHours).toBe(before + 3)
  await context.close()
})
