import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { ADMIN, apiAs, chooseLine, linePicker } from './support/app'
import {
  goOffline,
  openSyncedTablet,
  pageOverflow,
  signInTablet,
  tabletContext,
  VIEWPORTS,
} from './support/tablet'

/**
 * Cap Limits (CAPL-01..04) on a touch tablet. The offline save is confirmed over REST after
 * reconnecting, and the line's seeded limits are put back afterwards (all specs share one server).
 */

interface Entry {
  signalUUID: string
  limits: Array<{ uuid: string; model_number: string; lslFormula: string | null; uslFormula: string | null }>
}

const limitsOf = async (request: APIRequestContext, lineId: string) =>
  (await apiAs(request)).get<Entry[]>(`/api/line-config/spc-signal-limits?line-id=${lineId}`)

const cell = (page: Page, field: string, signal: string, model = '*') =>
  page.getByRole('textbox', { name: `${field} for ${signal} ${model}`, exact: true })

test("CAPL-01 CAPL-03 the tree grid: stations, signals, '*' rows with their models, Single Sided cells, 65 px rows", async ({
  browser,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'SPC_LIMITS')
  await chooseLine(page, 'Final Assembly')
  const grid = page.getByRole('table', { name: 'Cap Limits' })
  for (const header of ['Station', 'Signal', 'Model', 'LSL', 'LCL', 'UCL', 'USL']) {
    await expect(grid.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  }
  await expect(grid.getByRole('rowheader', { name: 'Press' })).toBeVisible()
  await expect(cell(page, 'USL', 'Press Voltage 1')).toHaveValue('60')
  const row = grid.locator('tr', { has: cell(page, 'USL', 'Press Voltage 1') })
  expect((await row.boundingBox())!.height).toBe(65)

  // Models sit under the '*' row until asked for.
  await expect(cell(page, 'USL', 'Press Voltage 1', 'MX-100')).toHaveCount(0)
  await page.getByRole('button', { name: 'See models: Press Voltage 1' }).click()
  await expect(cell(page, 'USL', 'Press Voltage 1', 'MX-100')).toHaveValue('50')
  await expect(cell(page, 'USL', 'Press Voltage 1', 'MX-200')).toHaveValue('70')
  await page.getByRole('button', { name: 'Hide models: Press Voltage 1' }).click()
  await expect(cell(page, 'USL', 'Press Voltage 1', 'MX-100')).toHaveCount(0)

  // Torque 2 is single sided (LOWER): its LSL and LCL are locked and say so.
  await expect(grid.getByRole('cell', { name: 'LSL for Torque 2 *: Single Sided' })).toHaveText(
    'Single Sided',
  )
  await expect(grid.getByRole('cell', { name: 'LCL for Torque 2 *: Single Sided' })).toBeVisible()
  await expect(cell(page, 'LSL', 'Torque 2')).toHaveCount(0)
  await expect(cell(page, 'USL', 'Torque 2')).toBeEditable()

  // Switching 'Show only signals with limits' off lists the line's other measurements too.
  await expect(cell(page, 'USL', 'Inspect Pressure 1')).toHaveCount(0)
  await page.getByRole('switch', { name: 'Show only signals with limits' }).click()
  await expect(cell(page, 'USL', 'Inspect Pressure 1')).toHaveValue('')
  await context.close()
})

test('CAPL-02 CAPL-04 edits made offline are saved as one action and reach the server on reconnect', async ({
  browser,
  request,
}) => {
  const before = await limitsOf(request, 'line-paint')
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'SPC_LIMITS')
  await chooseLine(page, 'Paint Line')
  await goOffline(context, page)

  const save = page.getByRole('button', { name: 'Save Changes' })
  const discard = page.getByRole('button', { name: 'Discard Changes' })
  await expect(save).toBeDisabled()
  await expect(linePicker(page)).toBeEnabled()

  // Cell rules, with the message under the cell.
  const lsl = cell(page, 'LSL', 'Flatness 3')
  await lsl.fill('abc')
  await expect(page.getByText('LSL must be a number', { exact: true })).toBeVisible()
  // Said in full above the grid too, where a narrow cell cannot cut it short.
  await expect(page.getByRole('status').getByText('Flatness 3 (*): LSL must be a number')).toBeVisible()
  // The message sits under the cell without growing the 65 px row.
  expect((await page.locator('tr', { has: lsl }).boundingBox())!.height).toBe(65)
  await expect(save).toBeDisabled()
  await expect(linePicker(page)).toBeDisabled()
  await lsl.fill('70')
  await expect(page.getByText('LSL must be < USL', { exact: true })).toBeVisible()
  await expect(page.getByText('USL must be > LSL', { exact: true })).toBeVisible()
  await lsl.fill('40')
  // Back to what is stored: no longer edited.
  await expect(save).toBeDisabled()
  await expect(linePicker(page)).toBeEnabled()

  await cell(page, 'USL', 'Flatness 3').fill('61')
  await expect(page.locator('tr', { has: cell(page, 'USL', 'Flatness 3') }).getByText('Edited')).toBeVisible()
  // Discard puts the stored values back.
  await discard.click()
  await expect(cell(page, 'USL', 'Flatness 3')).toHaveValue('60')
  await cell(page, 'USL', 'Flatness 3').fill('61')
  // Nothing typed is lost: the unsaved edit survives an (offline) reload.
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(cell(page, 'USL', 'Flatness 3')).toHaveValue('61')
  await expect(linePicker(page)).toBeDisabled()

  // A model row emptied is dropped on save; a signal without limits gets its first row.
  await page.getByRole('button', { name: 'See models: Press Voltage 1' }).click()
  for (const f of ['LSL', 'LCL', 'UCL', 'USL']) await cell(page, f, 'Press Voltage 1', 'MX-200').fill('')
  await page.getByRole('switch', { name: 'Show only signals with limits' }).click()
  await cell(page, 'USL', 'Inspect Pressure 1').fill('70')
  await save.click()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()
  await expect(save).toBeDisabled()
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')
  await expect(cell(page, 'USL', 'Flatness 3')).toHaveValue('61')
  await expect(cell(page, 'USL', 'Press Voltage 1', 'MX-200')).toHaveCount(0)

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const after = await limitsOf(request, 'line-paint')
  const of = (id: string) => after.find((e) => e.signalUUID === id)
  expect(of('line-paint-st-1-m3')?.limits.find((l) => l.model_number === '*')?.uslFormula).toBe('61')
  expect(
    of('line-paint-st-1-m1')
      ?.limits.map((l) => l.model_number)
      .sort(),
  ).toEqual(['*', 'MX-100'])
  expect(of('line-paint-st-3-m1')?.limits).toMatchObject([
    { model_number: '*', uslFormula: '70', lslFormula: null },
  ])

  // Restore the seeded limits of the line (an entry left without rows is removed).
  const restore = [...before, { ...of('line-paint-st-3-m1')!, limits: [] }]
  const put = await request.put('/api/line-config/spc-signal-limits?line-id=line-paint', { data: restore })
  expect(put.status()).toBe(200)
  expect((await limitsOf(request, 'line-paint')).map((e) => e.signalUUID).sort()).toEqual(
    before.map((e) => e.signalUUID).sort(),
  )
  await context.close()
})

for (const viewport of VIEWPORTS) {
  test(`SHELL-01 CAPL-01 Cap Limits at ${viewport.width}×${viewport.height} with touch: the grid scrolls in its own box, the toolbar stays reachable`, async ({
    browser,
  }) => {
    const context = await tabletContext(browser, viewport)
    const page = await context.newPage()
    await signInTablet(page, ADMIN, 'SPC_LIMITS')
    await chooseLine(page, 'Machining Line')
    await page.getByRole('switch', { name: 'Show only signals with limits' }).click()
    // Stations sort by name: Weld's last signal is the grid's last row.
    const last = cell(page, 'USL', 'Weld Temperature 1')
    await last.scrollIntoViewIfNeeded()
    await expect(last).toBeInViewport()
    const { scrollWidth, innerWidth } = await pageOverflow(page)
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
    for (const name of ['Discard Changes', 'Save Changes']) {
      const box = (await page.getByRole('button', { name }).boundingBox())!
      expect(box.height).toBeGreaterThanOrEqual(44)
      expect(box.x + box.width).toBeLessThanOrEqual(innerWidth)
    }
    const input = (await cell(page, 'USL', 'Weld Temperature 1').boundingBox())!
    expect(input.height).toBeGreaterThanOrEqual(44)
    await context.close()
  })
}
