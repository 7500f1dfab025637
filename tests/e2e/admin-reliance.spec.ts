import { expect, test, type Page } from '@playwright/test'
import { ADMIN, apiAs, waitSynced } from './support/app'
import { goOffline, signInTablet, tabletContext } from './support/tablet'

/**
 * ETQ Reliance (ETQ-01..03) on a tablet. The client secret is write-only: no answer the browser
 * receives holds it, and after the save is sent no storage of the device does. Every configuration
 * these tests create is deleted again; the seeded ones (Final Assembly active, Machining failed) are
 * only read (their delete dialog is cancelled: a deleted seeded status could not be restored).
 */
const CONFIGS = '/api/reliance-configuration/plants/plant-demo'
const MASK = '•'.repeat(18)

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
  await page.getByRole('textbox', { name: 'Client ID' }).fill('e2e-client')
  await page.getByLabel('Client Secret').fill(secret)
  await page.getByRole('textbox', { name: 'Token URL' }).fill(`${host}/oauth/token`)
}

test('ETQ-01 ETQ-02 ETQ-03 status chips, view with the mask, edit with required fields, delete texts', async ({
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
  await fillForm(page, 'E2E-SECRET-online', 'https://paint.reliance.example')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('ETQ configuration for Paint Line line saved')).toBeVisible()
  // Saved: the panel stays open, in View mode, the secret masked.
  await expect(page.getByLabel('Client Secret')).toHaveCount(0)
  await expect(page.getByText('https://paint.reliance.example/oauth/token')).toBeVisible()
  await expect(page.getByRole('button', { name: 'View Paint Line' })).toHaveAttribute('aria-expanded', 'true')
  await expect(row(page, 'Paint Line')).toContainText('Not Configured')
  await page.getByRole('button', { name: 'Edit Paint Line' }).click()
  await expect(page.getByLabel('Client Secret')).toHaveValue('')
  await page.getByRole('button', { name: 'Cancel' }).click()

  await waitSynced(page)
  expect(answers.join('\n')).not.toContain('E2E-SECRET')
  expect(await deviceStorage(page)).not.toContain('E2E-SECRET')
  const api = await apiAs(request)
  const configs = await api.get<Record<string, { apiHost: string }>>(CONFIGS)
  expect(configs['line-paint']?.apiHost).toBe('https://paint.reliance.example')
  expect(JSON.stringify(configs)).not.toContain('E2E-SECRET')
  expect(
    (await request.delete('/api/reliance-configuration/lines/line-paint', { data: {} })).status(),
  ).toBeLessThan(300)
  await context.close()
})

test('ETQ-03 OFF-02 a configuration saved offline keeps its secret only until it is sent', async ({
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
  // Waiting to be sent: the pending save is the one place the secret is kept.
  expect(await deviceStorage(page)).toContain('E2E-SECRET-offline')
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(row(page, 'Packaging Line').getByText('Pending')).toBeVisible()
  await page.getByRole('button', { name: 'View Packaging Line' }).click()
  await expect(page.getByText(MASK, { exact: true })).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  await expect(row(page, 'Packaging Line').getByText('Pending')).toHaveCount(0)
  expect(await deviceStorage(page)).not.toContain('E2E-SECRET')
  expect(answers.join('\n')).not.toContain('E2E-SECRET')
  const api = await apiAs(request)
  const configs = await api.get<Record<string, { apiHost: string; connectionStatus: string }>>(CONFIGS)
  expect(configs['line-packaging']).toMatchObject({
    apiHost: 'https://packaging.reliance.example',
    connectionStatus: 'NOT_CONFIGURED',
  })
  expect(JSON.stringify(configs)).not.toContain('E2E-SECRET')
  expect(
    (await request.delete('/api/reliance-configuration/lines/line-packaging', { data: {} })).status(),
  ).toBeLessThan(300)
  await context.close()
})
