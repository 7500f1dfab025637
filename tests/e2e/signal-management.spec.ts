import { expect, test, type Page } from '@playwright/test'
import { ADMIN, apiAs, waitSynced } from './support/app'
import { goOffline, signInTablet, tabletContext } from './support/tablet'

/**
 * Signal Management (SM-01..SM-12) on a touch tablet. Each test edits seeded signals of the Paint
 * line and puts them back over REST at its end, since every spec shares one server.
 */
const SECTION = 'SIGNAL_MANAGEMENT'
const LINE = 'line-paint'
const REQUEST = { customer_uuid: 'cust-demo', plant_uuid: 'plant-demo', line_uuid: LINE }

interface TreeSignal {
  id: string
  name: string
  entityType: string
  upperLimit: string | null
  lowerLimit: string | null
  result: string[]
  resultClassifications: Array<{ value: string; result: string; failureMode: string | null }>
}
type Tree = Array<{ id: string; name: string; final: boolean; children: TreeSignal[] }>

const signalsOf = async (api: Awaited<ReturnType<typeof apiAs>>) => {
  const tree = await api.get<Tree>(`/api/lines/${LINE}/stations`)
  return new Map(tree.flatMap((s) => s.children).map((s) => [s.id, s]))
}

async function openPaintLine(page: Page) {
  await page
    .getByRole('main')
    .getByRole('button', { name: / Line$/ })
    .first()
    .click()
  await page.getByRole('option', { name: 'Paint Line' }).click()
  await expect(treeItem(page, 'Press')).toBeVisible()
}

const treeItem = (page: Page, name: string) =>
  page.getByRole('treeitem', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(,|$)`) })

test('SM-01 SM-02 SM-07 SM-12 an entity type changed offline shows its dissociations, survives a reload and reaches the server with them', async ({
  browser,
  request,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, ADMIN, SECTION)
  await waitSynced(page)
  await openPaintLine(page)
  await expect(page.getByRole('heading', { name: 'Configuring Signal Data' })).toBeVisible()

  await goOffline(context, page)
  await treeItem(page, 'Voltage 1 USL').click()
  await page.getByRole('button', { name: /Entity Type/ }).click()
  await page.getByRole('option', { name: 'Measurement' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change Entity Type' })
  await expect(dialog.getByRole('list', { name: 'Conversions' })).toContainText(
    'Voltage 1 USL: Upper Limit → Measurement',
  )
  await expect(dialog.getByRole('list', { name: 'Dissociations' })).toContainText(
    'Press Voltage 1 → upper limit Voltage 1 USL',
  )
  await dialog.getByRole('button', { name: 'Change Entity Type' }).click()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()

  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(treeItem(page, 'Voltage 1 USL')).toBeVisible()
  await treeItem(page, 'Voltage 1 USL').click()
  await expect(page.getByRole('button', { name: /Entity Type/ })).toContainText('Measurement')
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const api = await apiAs(request)
  const after = await signalsOf(api)
  expect(after.get('line-paint-st-1-m1-usl')?.entityType).toBe('MEASUREMENT')
  expect(after.get('line-paint-st-1-m1')?.upperLimit).toBeNull()

  // Put the seeded association back (one call: the type first, then the link).
  const restore = await api.patch('/api/signal-attribute-update', {
    signalRequest: REQUEST,
    signals: [
      { signal_uuid: 'line-paint-st-1-m1-usl', signal_attributes: { signal_entity_type: 'UPPER_LIMIT' } },
      { signal_uuid: 'line-paint-st-1-m1', signal_attributes: { upper_limit: 'line-paint-st-1-m1-usl' } },
    ],
  })
  expect(restore.status()).toBe(200)
  await context.close()
})
