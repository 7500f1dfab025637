import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { ADMIN, apiAs, waitSynced } from './support/app'
import { goOffline, signInTablet, tabletContext } from './support/tablet'

/**
 * ETQ Reliance (ETQ-01..03) on a tablet. The client secret is write-only: no answer the browser
 * receives holds it, and after the save is sent no storage of the device does. Every configuration
 * these tests create is deleted again; the seeded ones (Final Assembly active, Machining failed) are
 * only read (their delete dialog is cancelled: a deleted seeded status could not be restored).
 *
 * ETQ-02: a saved configuration is tried by the server against its token endpoint — here a local
 * OAuth token endpoint of this test, which knows one client and the secrets below.
 */
const CONFIGS = '/api/reliance-configuration/plants/plant-demo'
const MASK = '•'.repeat(18)
const CLIENT_ID = 'e2e-client'
const GOOD_SECRETS = new Set(['E2E-SECRET-online', 'E2E-SECRET-offline'])

/** Every client-credentials request the token endpoint got: `client id:secret`. */
const tokenRequests: string[] = []
let tokenServer: Server | undefined
let tokenUrl = ''

test.beforeAll(async () => {
  tokenServer = createServer((req, res) => {
    const basic = req.headers.authorization?.replace(/^Basic /, '') ?? ''
    const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':')
    tokenRequests.push(`${id}:${secret}`)
    const ok = req.method === 'POST' && id === CLIENT_ID && GOOD_SECRETS.has(secret)
    req.resume()
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify(ok ? { access_token: 'e2e-token', token_type: 'Bearer' } : { error: 'invalid_client' }),
    )
  })
  await new Promise<void>((resolve) => tokenServer!.listen(0, '127.0.0.1', resolve))
  tokenUrl = `http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}/oauth/token`
})

test.afterAll(async () => {
  await new Promise<void>((resolve) => (tokenServer ? tokenServer.close(() => resolve()) : resolve()))
})

/** Every answer the page receives from the API and replication, as text (the stream excepted). */
function recordAnswers(page: Page): string[] {
  const bodies: string[] = []
  page.on('response', (res) => {
    const url = new URL(res.url())
    if (!/^\/(api|sync)\//.test(url.pathname) || url.pathname === '/sync/stream') return
    res.text().then(
      (text) => bodies.push(text),
      () => undefined,
    )
  })
  return bodies
}

/** Everything in every IndexedDB database of the page's origin, as text. */
const deviceStorage = (page: Page) =>
  page.evaluate(async () => {
    const out: unknown[] = []
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!)
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve) => {
          const req = db.transaction(store, 'readonly').objectStore(store).getAll()
          req.onsuccess = () => resolve(req.result as unknown[])
          req.onerror = () => resolve([])
        })
        out.push(rows)
      }
      db.close()
    }
    return JSON.stringify(out) + JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage })
  })

const row = (page: Page, line: string) => page.getByRole('row', { name: new RegExp(`^${line}`) })

async function fillForm(page: Page, secret: string, host: string) {
  await page.getByRole('textbox', { name: 'Host' }).fill(host)
  await page.getByRole('textbox', { name: 'Client ID' }).fill(CLIENT_ID)
  await page.getByLabel('Client Secret').fill(secret)
  await page.getByRole('textbox', { name: 'Token URL' }).fill(tokenUrl)
}

test('ETQ-01 ETQ-02 ETQ-03 status chips, view with the mask, edit with required fields, a save tried against its token endpoint, delete texts', async ({
  browser,
  request,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  const answers = recordAnswers(page)
  await signInTablet(page, ADMIN, 'ETQ_RELIANCE')
  await expect(page.getByRole('heading', { name: 'ETQ Reliance Integrations' })).toBeVisible()
  await expect(row(page, 'Final Assembly')).toContainText('Connection Active')
  await expect(row(page, 'Machining Line')).toContainText('Connection Failed')
  await expect(row(page, 'Paint Line')).toContainText('Not Configured')
  // Delete only for active or failed rows.
  await expect(page.getByRole('button', { name: 'Delete Final Assembly' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete Machining Line' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete Paint Line' })).toHaveCount(0)

  await page.getByRole('button', { name: 'View Final Assembly' }).click()
  await expect(page.getByText('https://reliance.demo.example/oauth/token')).toBeVisible()
  await expect(page.getByText(MASK, { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Delete Machining Line' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Deleting ETQ integration...' })
  await expect(dialog).toContainText('This will remove the ETQ integration. Do you wish to continue?')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  // Gone before the next step: its own Cancel button would otherwise still be on the page.
  await expect(dialog).toHaveCount(0)
  await expect(row(page, 'Machining Line')).toContainText('Connection Failed')

  // Editing: all four fields required, the secret starts blank.
  await page.getByRole('button', { name: 'Edit Machining Line' }).click()
  await expect(page.getByRole('textbox', { name: 'Host' })).toHaveValue('https://reliance.demo.example')
  await expect(page.getByLabel('Client Secret')).toHaveValue('')
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled()
  await page.getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('button', { name: 'Edit Paint Line' }).click()
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled()
  await fillForm(page, 'E2E-SECRET-wrong', 'https://paint.reliance.example')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('ETQ configuration for Paint Line line saved')).toBeVisible()
  // Saved: the panel stays open, in View mode, the secret masked.
  await expect(page.getByLabel('Client Secret')).toHaveCount(0)
  await expect(page.getByText(tokenUrl)).toBeVisible()
  await expect(page.getByRole('button', { name: 'View Paint Line' })).toHaveAttribute('aria-expanded', 'true')
  // ETQ-02: the server asked the token endpoint, which refused the secret; the row may be deleted now.
  await expect(row(page, 'Paint Line')).toContainText('Connection Failed')
  await expect(page.getByRole('button', { name: 'Delete Paint Line' })).toBeVisible()
  expect(tokenRequests).toContain(`${CLIENT_ID}:E2E-SECRET-wrong`)

  await page.getByRole('button', { name: 'Edit Paint Line' }).click()
  await expect(page.getByLabel('Client Secret')).toHaveValue('')
  await page.getByLabel('Client Secret').fill('E2E-SECRET-online')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(row(page, 'Paint Line')).toContainText('Connection Active')
  await expect(page.getByRole('button', { name: 'Delete Paint Line' })).toBeVisible()
  expect(tokenRequests).toContain(`${CLIENT_ID}:E2E-SECRET-online`)
  await page.getByRole('button', { name: 'Edit Paint Line' }).click()
  await expect(page.getByLabel('Client Secret')).toHaveValue('')
  await page.getByRole('button', { name: 'Cancel' }).click()

  await waitSynced(page)
  expect(answers.join('\n')).not.toContain('E2E-SECRET')
  expect(await deviceStorage(page)).not.toContain('E2E-SECRET')
  const api = await apiAs(request)
  const configs = await api.get<Record<string, { apiHost: string; connectionStatus: string }>>(CONFIGS)
  expect(configs['line-paint']).toMatchObject({
    apiHost: 'https://paint.reliance.example',
    connectionStatus: 'SUCCESS',
  })
  expect(JSON.stringify(configs)).not.toContain('E2E-SECRET')
  // The spec's delete has no body.
  expect((await request.delete('/api/reliance-configuration/lines/line-paint')).status()).toBe(204)
  await context.close()
})

test('ETQ-02 ETQ-03 OFF-02 a configuration saved offline keeps its secret only until it is sent, and is tried when the server gets it', async ({
  browser,
  request,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  const answers = recordAnswers(page)
  await signInTablet(page, ADMIN, 'ETQ_RELIANCE')
  await waitSynced(page)
  await goOffline(context, page)

  await page.getByRole('button', { name: 'Edit Packaging Line' }).click()
  await fillForm(page, 'E2E-SECRET-offline', 'https://packaging.reliance.example')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()
  await expect(row(page, 'Packaging Line').getByText('Pending')).toBeVisible()
  // Not tried yet: nothing to delete.
  await expect(row(page, 'Packaging Line')).toContainText('Not Configured')
  await expect(page.getByRole('button', { name: 'Delete Packaging Line' })).toHaveCount(0)
  // Waiting to be sent: the pending save is the one place the secret is kept.
  expect(await deviceStorage(page)).toContain('E2E-SECRET-offline')
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(row(page, 'Packaging Line').getByText('Pending')).toBeVisible()
  await page.getByRole('button', { name: 'View Packaging Line' }).click()
  await expect(page.getByText(MASK, { exact: true })).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  await expect(row(page, 'Packaging Line').getByText('Pending')).toHaveCount(0)
  // ETQ-02: the server tried it when it applied the save; the status came back to the tablet.
  await expect(row(page, 'Packaging Line')).toContainText('Connection Active')
  await expect(page.getByRole('button', { name: 'Delete Packaging Line' })).toBeVisible()
  expect(tokenRequests).toContain(`${CLIENT_ID}:E2E-SECRET-offline`)
  expect(await deviceStorage(page)).not.toContain('E2E-SECRET')
  expect(answers.join('\n')).not.toContain('E2E-SECRET')
  const api = await apiAs(request)
  const configs = await api.get<Record<string, { apiHost: string; connectionStatus: string }>>(CONFIGS)
  expect(configs['line-packaging']).toMatchObject({
    apiHost: 'https://packaging.reliance.example',
    connectionStatus: 'SUCCESS',
  })
  expect(JSON.stringify(configs)).not.toContain('E2E-SECRET')
  expect((await request.delete('/api/reliance-configuration/lines/line-packaging')).status()).toBe(204)
  await context.close()
})
