import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { apiAs } from './support/app'
import { lineSignals, openSignalManagement, row, treeItem } from './support/signals'
import { goOffline, pageOverflow, VIEWPORTS } from './support/tablet'

/**
 * Signal Management (SM-01..SM-12) on a touch tablet. Each test edits seeded signals of the Paint
 * line and puts them back over REST at its end, since every spec shares one server.
 */
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
const signalsOf = async (api: Awaited<ReturnType<typeof apiAs>>) =>
  new Map((await lineSignals<TreeSignal>(api, LINE)).map((s) => [s.id, s]))

test('SM-01 SM-02 SM-07 SM-12 an entity type changed offline shows its dissociations, survives a reload and reaches the server with them', async ({
  browser,
  request,
}) => {
  const { context, page } = await openSignalManagement(browser, 'Paint Line')
  await expect(page.getByRole('heading', { name: 'Configuring Signal Data' })).toBeVisible()

  await goOffline(context, page)
  await (await row(page, 'Voltage 1 USL')).click()
  const dialog = await chooseEntityType(page, 'Measurement')
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
  await (await row(page, 'Voltage 1 USL')).click()
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

async function signedIn(browser: Browser) {
  const { context, page } = await openSignalManagement(browser, 'Paint Line')
  return { context, page }
}

const SEEDED_CLASSIFICATIONS = {
  pass: [{ value: 'OK', failureMode: null }],
  fail: [
    { value: 'NOK', failureMode: 'Out of tolerance' },
    { value: 'NOK-TORQUE', failureMode: 'Low torque' },
  ],
  other: [{ value: 'Rework', failureMode: null }],
}

test('SM-03 SM-04 the Final Station switch needs a result signal on the station, or the station already final', async ({
  browser,
  request,
}) => {
  const { context, page } = await signedIn(browser)
  await (await row(page, 'Weld')).getByRole('button', { name: 'Configure Station Weld' }).click()
  await expect(page.getByRole('heading', { name: 'Station Details' })).toBeVisible()
  const final = page.getByRole('switch', { name: 'Final Station' })
  await expect(final).toBeEnabled()
  await final.click()
  await expect(treeItem(page, 'Weld, Final')).toBeVisible()
  await final.click()
  await expect(treeItem(page, 'Weld, Final')).toHaveCount(0)

  // Without its result signal the station cannot become final.
  await (await row(page, 'Weld Result')).click()
  await (await chooseEntityType(page, 'Unknown')).getByRole('button', { name: 'Change Entity Type' }).click()
  await expect(page.getByText('Successfully Saved Entity Change')).toBeVisible()
  await (await row(page, 'Weld')).getByRole('button', { name: 'Configure Station Weld' }).click()
  await expect(final).toBeDisabled()
  await expect(
    page.getByText('Only stations that contain a result signal can be designated as a Final Station'),
  ).toBeVisible()

  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const api = await apiAs(request)
  const restore = await api.patch('/api/signal-attribute-update', {
    signalRequest: REQUEST,
    signals: [
      { signal_uuid: 'line-paint-st-2-result', signal_attributes: { signal_entity_type: 'RESULT' } },
      ...['line-paint-st-2-m1', 'line-paint-st-2-m2'].map((id) => ({
        signal_uuid: id,
        signal_attributes: { result: ['line-paint-st-2-result'] },
      })),
    ],
  })
  expect(restore.status()).toBe(200)
  await context.close()
})

test('SM-10 SM-12 associations by drag and drop: the container rules, then both confirm steps save every link', async ({
  browser,
  request,
}) => {
  const { context, page } = await signedIn(browser)
  await (await row(page, 'Angle 3')).click()
  for (const name of ['Angle 3 USL', 'Angle 3 LSL', 'Weld Result'])
    await (await row(page, name)).click({ modifiers: ['Control'] })
  await expect(page.getByRole('button', { name: 'See selection summary (4)' })).toBeVisible()
  await page.getByRole('button', { name: 'Edit Associations' }).click()

  const upper = page.getByRole('group', { name: 'Upper limit' })
  const lower = page.getByRole('group', { name: 'Lower limit' })
  const confirm = page.getByRole('button', { name: 'Confirm' })
  await dragChip(page, 'line-paint-st-2-m3-lsl', upper)
  await expect(upper.getByText('No more than 1 upper limit may be selected.')).toBeVisible()
  await expect(confirm).toBeDisabled()
  // Back with a finger: the same drag by touch.
  await touchDragChip(page, 'line-paint-st-2-m3-lsl', lower)
  await expect(lower).toContainText('Angle 3 LSL')
  await expect(confirm).toBeEnabled()

  await confirm.click()
  const step1 = page.getByRole('dialog', { name: 'Entity Changes' })
  await expect(step1).toContainText('No entity types change.')
  await step1.getByRole('button', { name: 'Next' }).click()
  const step2 = page.getByRole('dialog', { name: 'Association Changes' })
  await expect(step2.getByRole('list', { name: 'Created' })).toHaveText('create Angle 3 → result Weld Result')
  await expect(step2.getByRole('list', { name: 'Deleted' })).toHaveCount(0)
  await step2.getByRole('button', { name: 'I understand. Save this configuration.' }).click()
  await expect(page.getByText('Successfully Saved Association')).toBeVisible()

  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const api = await apiAs(request)
  const m3 = (await signalsOf(api)).get('line-paint-st-2-m3')
  expect(m3).toMatchObject({
    upperLimit: 'line-paint-st-2-m3-usl',
    lowerLimit: 'line-paint-st-2-m3-lsl',
    result: ['line-paint-st-2-result'],
  })
  const restore = await api.patch('/api/signal-attribute-update', {
    signalRequest: REQUEST,
    signals: [{ signal_uuid: 'line-paint-st-2-m3', signal_attributes: { result: [] } }],
  })
  expect(restore.status()).toBe(200)
  await context.close()
})

test('SM-10 an association made with the keyboard alone: moving a chip changes its entity type', async ({
  browser,
  request,
}) => {
  const { context, page } = await signedIn(browser)
  // Keyboard only: focus moves with the keyboard's keys, Space selects, Control+Space adds.
  await (await row(page, 'Flatness 3')).focus()
  await page.keyboard.press('Space')
  for (const name of ['Flatness 3 USL', 'Flatness 3 LSL', 'Raw Channel 7']) {
    await (await row(page, name)).focus()
    await page.keyboard.press('Control+Space')
  }
  await expect(page.getByRole('button', { name: 'See selection summary (4)' })).toBeVisible()
  await page.getByRole('button', { name: 'Edit Associations' }).focus()
  await page.keyboard.press('Enter')

  await page.getByRole('button', { name: 'Move Raw Channel 7' }).focus()
  await page.keyboard.press('Enter')
  const target = page.getByRole('menuitem', { name: 'Move to Result' })
  await expect(target).toBeVisible()
  for (let i = 0; i < 4 && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown')
  await expect(target).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('group', { name: 'Result' })).toContainText('Raw Channel 7')

  await page.getByRole('button', { name: 'Confirm' }).focus()
  await page.keyboard.press('Enter')
  const step1 = page.getByRole('dialog', { name: 'Entity Changes' })
  await expect(step1).toContainText('Raw Channel 7: Unknown → Result')
  await expect(step1.getByRole('button', { name: 'Next' })).toBeFocused()
  await page.keyboard.press('Enter')
  const step2 = page.getByRole('dialog', { name: 'Association Changes' })
  await expect(step2.getByRole('list', { name: 'Created' })).toHaveText(
    'create Flatness 3 → result Raw Channel 7',
  )
  await step2.getByRole('button', { name: 'I understand. Save this configuration.' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Successfully Saved Association')).toBeVisible()

  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const api = await apiAs(request)
  const after = await signalsOf(api)
  expect(after.get('line-paint-st-1-raw')?.entityType).toBe('RESULT')
  expect(after.get('line-paint-st-1-m3')?.result).toEqual(['line-paint-st-1-raw'])
  // Back to UNKNOWN: the type change itself dissociates the link.
  const restore = await api.patch('/api/signal-attribute-update', {
    signalRequest: REQUEST,
    signals: [{ signal_uuid: 'line-paint-st-1-raw', signal_attributes: { signal_entity_type: 'UNKNOWN' } }],
  })
  expect(restore.status()).toBe(200)
  expect((await signalsOf(api)).get('line-paint-st-1-m3')?.result).toEqual([])
  await context.close()
})

test('SM-11 classifications of two result signals: common rows, a new common row saved for both, discard asks first', async ({
  browser,
  request,
}) => {
  const { context, page } = await signedIn(browser)
  await (await row(page, 'Press Voltage 1')).click()
  await (await row(page, 'Press Result')).click({ modifiers: ['Control'] })
  const summary = page.getByTestId('classifications-summary')
  await expect(summary).toContainText('All selected signals must be of entity type result')
  await (await row(page, 'Press Result')).click()
  await (await row(page, 'Weld Result')).click({ modifiers: ['Control'] })

  // Viewing locks the selection.
  await summary.getByRole('button', { name: 'View Result Classifications' }).click()
  await expect(summary.getByRole('table', { name: 'Result Classifications' })).toContainText('NOK-TORQUE')
  await (await row(page, 'Press Voltage 1')).click()
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: "Can't change selections while viewing result classifications" }),
  ).toBeVisible()
  await summary.getByRole('button', { name: 'Hide Result Classifications' }).click()

  await summary.getByRole('button', { name: 'Edit Result Classifications' }).click()
  const drawer = page.getByRole('dialog', { name: 'Edit Result Classifications' })
  const common = drawer.getByRole('region', { name: 'Common Classifications' })
  await expect(common.getByTestId('classification-row')).toHaveCount(4)
  await expect(drawer.getByRole('region', { name: 'Without Unique Classifications' })).toContainText(
    'Press Result',
  )
  const save = drawer.getByRole('button', { name: 'Save' })
  await expect(save).toBeDisabled()

  // Cancel with a change asks first; Continue Editing keeps it.
  await common.getByRole('button', { name: 'Add classification' }).click()
  await expect(save).toBeDisabled()
  await drawer.getByRole('button', { name: 'Cancel' }).click()
  const discard = page.getByRole('alertdialog', { name: 'Discard Changes' })
  await discard.getByRole('button', { name: 'Continue Editing' }).click()
  const rows = common.getByTestId('classification-row')
  await expect(rows).toHaveCount(5)
  await common.locator('[data-new="true"]').getByRole('textbox', { name: /Value/ }).fill('Scratch')
  await expect(save).toBeEnabled()
  await save.click()
  await expect(drawer).toHaveCount(0)

  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const api = await apiAs(request)
  const after = await signalsOf(api)
  for (const id of ['line-paint-st-1-result', 'line-paint-st-2-result'])
    expect(after.get(id)?.resultClassifications).toContainEqual({
      value: 'Scratch',
      result: 'other',
      failureMode: null,
    })
  const restore = await request.patch('/api/signal/result-classifications', {
    data: {
      'line-paint-st-1-result': { resultClassifications: SEEDED_CLASSIFICATIONS },
      'line-paint-st-2-result': { resultClassifications: SEEDED_CLASSIFICATIONS },
    },
  })
  expect(restore.status()).toBeLessThan(300)
  await context.close()
})

test('SM-01 SM-09 the two panes fit the tablet and desktop widths without sideways scrolling', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser)
  await (await row(page, 'Press Voltage 1')).click()
  await (await row(page, 'Voltage 1 USL')).click({ modifiers: ['Control'] })
  await expect(page.getByRole('button', { name: 'See selection summary (2)' })).toBeVisible()
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await page.getByRole('button', { name: 'Edit Associations' }).scrollIntoViewIfNeeded()
    const { scrollWidth, innerWidth } = await pageOverflow(page)
    expect(scrollWidth, `${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(innerWidth)
  }
  await page.getByRole('button', { name: 'Edit Associations' }).click()
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await expect(page.getByRole('group', { name: 'Upper limit' })).toContainText('Voltage 1 USL')
    const { scrollWidth, innerWidth } = await pageOverflow(page)
    expect(scrollWidth, `${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(innerWidth)
  }
  await context.close()
})

/** Picks a type in the Entity Type picker (again, if a click landed while its popover opened). */
async function chooseEntityType(page: Page, type: string) {
  const dialog = page.getByRole('dialog', { name: 'Change Entity Type' })
  const option = page.getByRole('option', { name: type, exact: true })
  await expect(async () => {
    if (!(await option.isVisible())) await page.getByRole('button', { name: /Entity Type/ }).click()
    await option.click({ timeout: 2000 })
    await expect(dialog).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 20_000 })
  return dialog
}

/** A drag with the pointer, in small steps, from the chip's label to the middle of a container. */
async function dragChip(page: Page, chipId: string, to: Locator) {
  const chip = page.locator(`[data-chip="${chipId}"] .qm-sm-chip-label`)
  const from = (await chip.boundingBox())!
  const target = (await to.boundingBox())!
  await page.mouse.move(from.x + 10, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 })
  await page.mouse.up()
}

/** The same drag by touch (Chromium turns touch events into pointer events of type touch). */
async function touchDragChip(page: Page, chipId: string, to: Locator) {
  const chip = page.locator(`[data-chip="${chipId}"] .qm-sm-chip-label`)
  const from = (await chip.boundingBox())!
  const target = (await to.boundingBox())!
  const cdp = await page.context().newCDPSession(page)
  const point = (x: number, y: number) => [{ x, y, id: 1 }]
  const [x0, y0] = [from.x + 10, from.y + from.height / 2]
  const [x1, y1] = [target.x + target.width / 2, target.y + target.height / 2]
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x0, y0) })
  for (let i = 1; i <= 12; i++) {
    const [x, y] = [x0 + ((x1 - x0) * i) / 12, y0 + ((y1 - y0) * i) / 12]
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}
