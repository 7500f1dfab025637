import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { ADMIN, apiAs, chooseLine } from './support/app'
import { goOffline, openSyncedTablet } from './support/tablet'

/**
 * Two tabs of one tablet share its database: signals and limits are kept in records of a line that
 * both tabs write as the server's changes arrive (client/db/storage/line-record-storage.ts). An edit saved in
 * either tab shows in the other, nothing is stored twice, and what both wrote is what a reload and an
 * offline start read. The line's seeded limits are put back afterwards (all specs share one server).
 */
interface Entry {
  signalUUID: string
  signalName: string
  limits: Array<{ model_number: string; uslFormula: string | null }>
}

const limitsOf = async (request: APIRequestContext, lineId: string) =>
  (await apiAs(request)).get<Entry[]>(`/api/line-config/spc-signal-limits?line-id=${lineId}`)

const cell = (page: Page, field: string, signal: string) =>
  page.getByRole('textbox', { name: `${field} for ${signal} *`, exact: true })

async function saveUsl(page: Page, signal: string, value: string) {
  await cell(page, 'USL', signal).fill(value)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
}

/** One tablet, two tabs on SPC Limits' Paint Line, its seeded limits shown in both. */
async function openTwoTabs(browser: Browser) {
  const { context, page: a } = await openSyncedTablet(browser, ADMIN, 'SPC_LIMITS')
  await chooseLine(a, 'Paint Line')
  const b = await context.newPage()
  await b.goto('/settings?section=SPC_LIMITS')
  await chooseLine(b, 'Paint Line')
  await expect(cell(b, 'USL', 'Flatness 3')).toHaveValue('60')
  return { context, a, b }
}

test('OFF-03 CAPL-02 two tabs: a limit saved in either shows in the other, once, and survives a reload and an offline start', async ({
  browser,
  request,
}) => {
  const before = await limitsOf(request, 'line-paint')
  const { context, a, b } = await openTwoTabs(browser)

  await saveUsl(a, 'Flatness 3', '62')
  await expect(cell(b, 'USL', 'Flatness 3')).toHaveValue('62', { timeout: 15_000 })
  await saveUsl(b, 'Press Voltage 1', '59')
  await expect(cell(a, 'USL', 'Press Voltage 1')).toHaveValue('59', { timeout: 15_000 })
  // A signal's first limits: a new document, which each tab's copy of the storage's directory must
  // learn of from the other's write.
  await b.getByRole('switch', { name: 'Show only signals with limits' }).click()
  await saveUsl(b, 'Inspect Pressure 1', '70')
  await a.getByRole('switch', { name: 'Show only signals with limits' }).click()
  await expect(cell(a, 'USL', 'Inspect Pressure 1')).toHaveValue('70', { timeout: 15_000 })
  await saveUsl(a, 'Inspect Pressure 1', '71')
  await expect(cell(b, 'USL', 'Inspect Pressure 1')).toHaveValue('71', { timeout: 15_000 })

  // Read back from what the tabs stored: each signal once, with both edits.
  await b.reload()
  await chooseLine(b, 'Paint Line')
  await expect(cell(b, 'USL', 'Flatness 3')).toHaveValue('62')
  await expect(cell(b, 'USL', 'Press Voltage 1')).toHaveValue('59')
  await expect(cell(b, 'USL', 'Inspect Pressure 1')).toHaveValue('71')
  for (const signal of ['Flatness 3', 'Press Voltage 1', 'Inspect Pressure 1'])
    await expect(cell(b, 'USL', signal)).toHaveCount(1)
  await b.close()
  await goOffline(context, a)
  await chooseLine(a, 'Paint Line')
  await expect(cell(a, 'USL', 'Flatness 3')).toHaveValue('62')
  await expect(cell(a, 'USL', 'Press Voltage 1')).toHaveValue('59')
  await expect(cell(a, 'USL', 'Inspect Pressure 1')).toHaveValue('71')
  await context.close()

  // The seeded limits back; the entry the test added is emptied (an entry without rows is removed).
  const added = (await limitsOf(request, 'line-paint')).filter(
    (e) => !before.some((x) => x.signalUUID === e.signalUUID),
  )
  expect(added).toHaveLength(1)
  const restore = [...before, ...added.map((e) => ({ ...e, limits: [] }))]
  const put = await request.put('/api/line-config/spc-signal-limits?line-id=line-paint', { data: restore })
  expect(put.status()).toBe(200)
})

test('OFF-03 CAPL-02 two tabs: a change the server sends reaches the tab that cannot pull it, through the tab that stored it', async ({
  browser,
  request,
}) => {
  const before = await limitsOf(request, 'line-paint')
  const { context, a, b } = await openTwoTabs(browser)
  // B loses its network (this tab only): what the server sends now, only A pulls and stores. B
  // shows it only if A's write is told to B as it commits (line-record-storage.ts, tab-presence.ts).
  const cdp = await context.newCDPSession(b)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await expect(b.getByText('Offline', { exact: true }).first()).toBeVisible()
  const changed = before.map((e) =>
    e.signalName === 'Flatness 3' ? { ...e, limits: e.limits.map((l) => ({ ...l, uslFormula: '64' })) } : e,
  )
  const put = await request.put('/api/line-config/spc-signal-limits?line-id=line-paint', { data: changed })
  expect(put.status()).toBe(200)
  await expect(cell(a, 'USL', 'Flatness 3')).toHaveValue('64', { timeout: 15_000 })
  await expect(cell(b, 'USL', 'Flatness 3')).toHaveValue('64', { timeout: 15_000 })
  await context.close()

  const restore = await request.put('/api/line-config/spc-signal-limits?line-id=line-paint', { data: before })
  expect(restore.status()).toBe(200)
})
