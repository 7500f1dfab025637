import { expect, test, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FEATURE_FLAGS } from '../../shared/constants'
import { ADMIN, chooseLine } from './support/app'
import { goOffline, openSyncedTablet } from './support/tablet'

/**
 * SHELL-03 in Chromium on a 1024×768 touch tablet: a server of its own (the bundle the end-to-end
 * server built) started with FEATURE_FLAGS turning every flag of the demo customer off, and a
 * DEPLOYMENT_TOKEN so the test changes flags while it runs, as a deployment would. The main server
 * (and so every other spec file) keeps the demo's flags.
 */
const PORT = Number(process.env.E2E_FLAGS_PORT ?? 8793)
const BASE = `http://127.0.0.1:${PORT}`
const TOKEN = 'e2e-deployment-token'
const allOff = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false]))

let folder = ''
let server: ChildProcess | undefined

test.beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'qm-e2e-flags-'))
  server = spawn(process.execPath, ['dist-server/server.mjs'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: folder,
      FEATURE_FLAGS: JSON.stringify({ 'cust-demo': allOff }),
      DEPLOYMENT_TOKEN: TOKEN,
    },
    stdio: 'ignore',
  })
  const deadline = Date.now() + 90_000
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return
    } catch {
      // not up yet
    }
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server on ${PORT} did not start`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
})

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  if (folder) rmSync(folder, { recursive: true, force: true })
})

test.use({ baseURL: BASE })
test.describe.configure({ mode: 'serial' })

/** The deployment's call (not a user's): PATCH the demo customer's flags. */
async function setFlags(flags: Record<string, boolean>): Promise<void> {
  const res = await fetch(`${BASE}/api/deployment/customers/cust-demo/feature-flags`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(flags),
  })
  expect(res.status).toBe(200)
}

/** The settings menu's items, from the tablet's menu drawer (closed again afterwards). */
async function menuItems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Menu' }).tap()
  const drawer = page.getByRole('dialog', { name: 'Settings' })
  const links = drawer.getByRole('navigation', { name: 'Settings' }).getByRole('link')
  await expect(links.first()).toBeVisible()
  const names = await links.allInnerTexts()
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
  return names.map((n) => n.trim())
}

test('SHELL-03 SHELL-01 ETQ-01 LINE-01 LINE-05 USER-01 USER-04 CAPA-04 SM-04 SM-07 SM-08 with every flag off each screen leaves out what the flags gate', async ({
  browser,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'LINE_MANAGEMENT')

  // Menu: no Multi-Variate (multi-variate creation), no ETQ Reliance (ETQ flag, no override).
  const items = await menuItems(page)
  expect(items).toEqual(expect.arrayContaining(['Single-Variate', 'Microsoft Teams', 'Line Management']))
  expect(items).not.toContain('Multi-Variate')
  expect(items).not.toContain('ETQ Reliance')

  // Line Management without part marriage: the Active / Inactive / Total header, no status tabs.
  await expect(page.getByRole('tab', { name: 'Enabled', exact: true })).toHaveCount(0)
  await expect(page.getByText('Total', { exact: true })).toBeVisible()
  // Configure Line: no feeder lines (part marriage) and no exclusions (exclude parts).
  await page
    .getByRole('button', { name: /^Actions for / })
    .first()
    .tap()
  await page.getByRole('menuitem', { name: 'Configure Line' }).tap()
  const drawer = page.getByRole('dialog', { name: 'Configure Line' })
  await expect(drawer).toBeVisible()
  await expect(drawer.getByText(/Feeder Lines/i)).toHaveCount(0)
  await expect(drawer.getByText(/Exclu/i)).toHaveCount(0)
  await page.keyboard.press('Escape')

  // ETQ Reliance by its address: back to the default section (ETQ-01 redirect).
  await page.goto('/settings?section=ETQ_RELIANCE')
  await expect(page).not.toHaveURL(/section=ETQ_RELIANCE/)

  // Users: no Location column (user location), no Delete (user deletion).
  await page.goto('/settings?section=USER_MANAGEMENT')
  await expect(page.getByRole('columnheader', { name: 'Email' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Location' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0)

  // Cap Alerts: no exclusion switches (exclude parts).
  await page.goto('/settings?section=SPC_ALERT')
  await expect(page.getByRole('columnheader', { name: 'Alert Rules' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Exclude Challenge Parts' })).toHaveCount(0)
  await expect(page.getByRole('columnheader', { name: 'Exclude Model Numbers' })).toHaveCount(0)

  // Signal Management: one signal at a time (multiselect), no Distribution (single sided), and the
  // entity type picker offers no limit, result or component id type.
  await page.goto('/settings?section=SIGNAL_MANAGEMENT')
  await chooseLine(page, 'Paint Line')
  const tree = page.getByRole('tree', { name: 'Stations and signals' })
  const gap = tree.getByRole('treeitem', { name: 'Gap 2', exact: true })
  const voltage = tree.getByRole('treeitem', { name: 'Press Voltage 1', exact: true })
  await gap.click()
  await expect(gap).toHaveAttribute('aria-selected', 'true')
  await voltage.click({ modifiers: ['ControlOrMeta'] })
  await expect(voltage).toHaveAttribute('aria-selected', 'true')
  await expect(gap).toHaveAttribute('aria-selected', 'false')
  await expect(page.getByRole('button', { name: /Distribution/ })).toHaveCount(0)
  await page.getByRole('button', { name: /Entity Type/ }).click()
  const options = page.getByRole('option')
  await expect(options.first()).toBeVisible()
  const offered = await options.allInnerTexts()
  expect(offered).toContain('Measurement')
  for (const gated of ['Result', 'Upper Limit', 'Lower Limit', 'Component Id'])
    expect(offered.map((o) => o.trim().toLowerCase())).not.toContain(gated.toLowerCase())
  await page.keyboard.press('Escape')
  await context.close()
})

test('SHELL-03 SHELL-01 OFF-05 USER-04 a flag the deployment changes reaches an open tablet live, and an offline action it turned off becomes a sync issue', async ({
  browser,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'USER_MANAGEMENT')
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0)

  // Turned on while the tablet is open: Multi-Variate and user deletion appear without a reload.
  await setFlags({ multiVariateCreation: true, userDeletion: true })
  await expect(page.getByRole('button', { name: 'Delete new.hire@demo.plant' })).toBeVisible()
  expect(await menuItems(page)).toContain('Multi-Variate')

  // Offline, the tablet still allows deleting; meanwhile the deployment turns deletion off again.
  await goOffline(context, page)
  await page.getByRole('button', { name: 'Delete new.hire@demo.plant' }).tap()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).tap()
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')
  await setFlags({ userDeletion: false })

  // Back online: the server refuses it and the device keeps it under Sync issues; the flag arrives.
  await context.setOffline(false)
  const issues = page.getByRole('button', { name: 'Sync issues (1)' })
  await expect(issues).toBeVisible({ timeout: 30_000 })
  await issues.tap()
  const panel = page.getByRole('dialog', { name: 'Sync issues' })
  await expect(panel).toContainText('Delete user new.hire@demo.plant')
  await expect(panel).toContainText('Forbidden resource')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0)
  await expect(page.getByRole('row', { name: /new\.hire@demo\.plant/ })).toBeVisible()
  await context.close()
})
