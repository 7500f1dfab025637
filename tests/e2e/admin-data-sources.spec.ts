import { expect, test } from '@playwright/test'
import { ADMIN, apiAs, waitSynced } from './support/app'
import { goOffline, openSyncedTablet, signInTablet, tabletContext } from './support/tablet'

/**
 * Data Sources (DS-01..03) on a tablet. No client can create a data source (the plant's ingestor
 * does), so these tests delete two of the three seeded ones and cannot restore them; no other spec
 * reads data sources. 'Line PLC gateway' is left.
 */
const SOURCES = '/api/plants/plant-demo/data-sources'
const INGESTOR = '**/api/plants/plant-demo/ingestor'
type Source = { id: string; name: string }

test('DS-01 the ingestor is fetched from the server: loading, the answer, its error text, the last known offline', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  const ingestor = page.getByTestId('ingestor-id')
  const fetched = page.waitForResponse((res) => res.url().endsWith('/api/plants/plant-demo/ingestor'))
  await signInTablet(page, ADMIN, 'DATA_SOURCES')
  expect((await fetched).status()).toBe(200)
  await expect(ingestor).toHaveText('Ingestor: ingestor-demo')

  // What the page shows is the server's answer, not the replicated plant's copy; loading until it comes.
  let answer: () => void = () => undefined
  const held = new Promise<void>((resolve) => (answer = resolve))
  await page.route(INGESTOR, async (route) => {
    await held
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"id":"ingestor-moved"}' })
  })
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(ingestor).toHaveText('Ingestor: loading…')
  await expect(ingestor).toHaveAttribute('aria-busy', 'true')
  answer()
  await expect(ingestor).toHaveText('Ingestor: ingestor-moved')
  await page.unroute(INGESTOR)

  // A failed answer, or one that is not an ingestor, shows the spec's text.
  for (const [status, body] of [
    [500, '{}'],
    [200, '{"name":"no id"}'],
  ] as const) {
    await page.route(INGESTOR, (route) => route.fulfill({ status, contentType: 'application/json', body }))
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(ingestor).toHaveText('Error fetching ingestor')
    await page.unroute(INGESTOR)
  }
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(ingestor).toHaveText('Ingestor: ingestor-demo')

  // Offline: nothing to ask; the last ingestor the device knows, said to be that.
  await waitSynced(page)
  await goOffline(context, page)
  await expect(ingestor).toHaveText('Ingestor: ingestor-demo (last known on this device; offline)')
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(ingestor).toHaveText('Ingestor: ingestor-demo (last known on this device; offline)')
  await context.setOffline(false)
  await expect(ingestor).toHaveText('Ingestor: ingestor-demo')
  await context.close()
})

test('DS-01 DS-02 DS-03 cards by name, Insight, delete with its confirmation and alert, Refresh', async ({
  browser,
  request,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, ADMIN, 'DATA_SOURCES')
  await expect(page.getByRole('heading', { name: 'Data Sources' })).toBeVisible()
  await expect(page.getByTestId('ingestor-id')).toHaveText('Ingestor: ingestor-demo')
  const cards = page.getByRole('list', { name: 'Data Sources' }).getByRole('listitem')
  await expect(cards.getByRole('heading')).toHaveText(['Line PLC gateway', 'MES export', 'Vision system'])
  const mes = cards.filter({ has: page.getByRole('heading', { name: 'MES export' }) })
  await expect(mes).toContainText('plant-demo.mes.v1')
  // 2026-07-20T18:45Z in Chicago (daylight time).
  await expect(mes).toContainText('2026-07-20 13:45')
  await expect(mes).toContainText('America/Chicago')

  // Refresh asks the server; a failed answer shows the spec's fetch error.
  await page.route('**/api/plants/plant-demo/data-sources', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  )
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByText('Fetch Sources Error')).toBeVisible()
  await expect(page.getByText('Status : 500')).toBeVisible()
  await page.unroute('**/api/plants/plant-demo/data-sources')
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByText('Fetch Sources Error')).toHaveCount(0)

  await mes.getByRole('link', { name: 'Insight' }).click()
  await expect(page).toHaveURL(/\/insight-mapping\?sourceId=source-mes&mappingVersion=$/)
  await expect(page.getByRole('heading', { name: 'Insight mapping: MES export' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Data Sources' }).click()
  await expect(page.getByRole('heading', { name: 'Data Sources' })).toBeVisible()

  await mes.getByRole('button', { name: 'Delete MES export' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'MES export' })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(mes).toBeVisible()
  await mes.getByRole('button', { name: 'Delete MES export' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  const alert = page.getByText('Source was deleted Successfully')
  await expect(alert).toBeVisible()
  await expect(cards.getByRole('heading')).toHaveText(['Line PLC gateway', 'Vision system'])
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(alert).toHaveCount(0)
  await waitSynced(page)
  const api = await apiAs(request)
  expect((await api.get<Source[]>(SOURCES)).map((s) => s.name)).toEqual(['Line PLC gateway', 'Vision system'])
  await context.close()
})

test('DS-03 OFF-02 a data source deleted offline is gone from the server after reconnecting', async ({
  browser,
  request,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'DATA_SOURCES')
  await goOffline(context, page)
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByText(/^Offline: these are the data sources on this device/)).toBeVisible()

  await page.getByRole('button', { name: 'Delete Vision system' }).click()
  await page
    .getByRole('alertdialog', { name: 'Vision system' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()
  const cards = page.getByRole('list', { name: 'Data Sources' }).getByRole('listitem')
  await expect(cards.getByRole('heading')).toHaveText(['Line PLC gateway'])
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(cards.getByRole('heading')).toHaveText(['Line PLC gateway'])

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const api = await apiAs(request)
  expect((await api.get<Source[]>(SOURCES)).map((s) => s.id)).toEqual(['source-plc'])
  await context.close()
})
