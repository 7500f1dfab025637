import { expect, test, type Browser, type Locator } from '@playwright/test'
import { deleteTasks, newMonitorOffline, pickSignal, tasksOf } from './support/monitors'

/**
 * The Signals tab of the MVD monitor form on a 1024×768 touch tablet: the search and its empty
 * result (SIG-03), the form's own line with the selection it clears (SIG-04), the shift range across
 * stations and ctrl toggles (SIG-05; the lock while result classifications are viewed is in
 * signal-details.spec.ts). Monitors made here are named 'E2E sig …' and deleted over REST.
 */

const stations = (drawer: Locator) => drawer.getByRole('tree', { name: 'Stations' })
const selectedItems = (drawer: Locator) =>
  drawer.getByRole('region', { name: 'Selected Items' }).getByRole('listitem')

/** An offline tablet with a new MVD monitor named so on the Machining line. */
async function namedMonitorOffline(browser: Browser, name: string) {
  const opened = await newMonitorOffline(browser, 'Machining Line')
  await opened.drawer.getByRole('textbox', { name: 'Monitor name' }).fill(name)
  return opened
}

test('SIG-03 SIG-04 OFF-02 offline: the search and its empty result; changing the form’s line clears the selection, and the monitor is saved on the line its signals are in', async ({
  browser,
  request,
}) => {
  const name = `E2E sig line ${Date.now()}`
  const { context, page, drawer } = await namedMonitorOffline(browser, name)

  // SIG-03: the search box says what it searches; it narrows the tree to stations, signals and part attributes.
  const search = drawer.getByRole('searchbox', { name: 'Search for stations, signals or part attributes' })
  await expect(search).toHaveAttribute('placeholder', 'Search for stations, signals or part attributes')
  await search.fill('Weld')
  await expect(stations(drawer).getByRole('treeitem', { name: /^Weld/ }).first()).toBeVisible()
  await expect(stations(drawer).getByRole('treeitem', { name: /^Inspect/ })).toHaveCount(0)
  await search.fill('Part Type')
  await expect(stations(drawer).getByRole('treeitem', { name: 'Part Type', exact: true })).toBeVisible()
  await search.fill('no such thing')
  await expect(drawer.getByText('No results found')).toBeVisible()
  await expect(
    drawer.getByText('There were no stations, signals or part attributes that match your search.'),
  ).toBeVisible()
  await search.fill('')
  await expect(drawer.getByText('No results found')).toHaveCount(0)

  // SIG-04: items of the Machining line, then the form's line changed: the selection is cleared.
  await pickSignal(drawer, 'Torque 2')
  await pickSignal(drawer, 'Gap 2')
  await search.fill('')
  await drawer
    .getByRole('tree', { name: 'Signal groups' })
    .getByRole('treeitem', { name: /^Weld signals/ })
    .tap()
  await expect(selectedItems(drawer)).toHaveCount(3)
  const formLine = drawer.getByRole('button', { name: / Line$/ }).first()
  await expect(formLine).toContainText('Machining Line')
  await formLine.tap()
  await page.getByRole('option', { name: 'Paint Line', exact: true }).tap()
  await expect(formLine).toContainText('Paint Line')
  await expect(selectedItems(drawer)).toHaveCount(0)
  await expect(drawer.getByRole('region', { name: 'Selected Items' })).toContainText('Selected Items (0)')

  // Items picked now are the Paint line's; the monitor is saved on that line.
  await pickSignal(drawer, 'Torque 2')
  await pickSignal(drawer, 'Gap 2')
  await expect(selectedItems(drawer)).toHaveCount(2)
  await drawer.getByRole('button', { name: 'Create', exact: true }).tap()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const tasks = await tasksOf(request, 'line-paint', 'mvd')
  const task = tasks.find((t) => t.task_name === name)
  expect(task?.task_details.line_uuid).toBe('line-paint')
  expect(task?.task_details.signal_uuids).toHaveLength(2)
  for (const id of task!.task_details.signal_uuids) expect(id).toMatch(/^line-paint-/)
  await deleteTasks(request, 'line-paint', ['mvd'], 'E2E sig')
  await context.close()
})

test('SIG-05 OFF-02 shift selects a range across stations and ctrl toggles one; the monitor made with them offline reaches the server', async ({
  browser,
  request,
}) => {
  const name = `E2E sig range ${Date.now()}`
  const { context, page, drawer } = await namedMonitorOffline(browser, name)

  // Open two neighbouring stations by their chevrons (pressing a station row selects it whole).
  const tree = stations(drawer)
  const stationRow = (label: string) => tree.locator('[aria-level="1"]').filter({ hasText: label })
  for (const label of ['Inspect', 'Press']) {
    await stationRow(label).locator('.qm-vtree-chevron').click()
    await expect(stationRow(label)).toHaveAttribute('aria-expanded', 'true')
  }
  await stationRow('Press').evaluate((el) => el.scrollIntoView({ block: 'center' }))
  const at = Number(await stationRow('Press').getAttribute('aria-posinset'))
  const rowAt = (pos: number) => tree.locator(`[role=treeitem][aria-posinset="${pos}"]`)
  // The two last signals of Inspect and the two first of Press, as the tree shows them.
  const labels: string[] = []
  for (const pos of [at - 2, at - 1, at + 1, at + 2]) {
    await expect(rowAt(pos)).toHaveAttribute('aria-level', '2')
    labels.push((await rowAt(pos).locator('.qm-vtree-label').textContent())!.trim())
  }

  await rowAt(at - 2).click()
  await expect(selectedItems(drawer)).toHaveCount(1)
  await rowAt(at + 2).click({ modifiers: ['Shift'] })
  await expect(selectedItems(drawer)).toHaveCount(4)
  const region = drawer.getByRole('region', { name: 'Selected Items' })
  for (const label of labels) await expect(region.getByText(label, { exact: true })).toBeVisible()
  // Ctrl takes one out of the range.
  await rowAt(at + 1).click({ modifiers: ['Control'] })
  await expect(selectedItems(drawer)).toHaveCount(3)
  await expect(region.getByText(labels[2]!, { exact: true })).toHaveCount(0)

  await drawer.getByRole('button', { name: 'Create', exact: true }).tap()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  const tasks = await tasksOf(request, 'line-machining', 'mvd')
  const task = tasks.find((t) => t.task_name === name)
  expect(task?.task_details.signal_uuids).toHaveLength(3)
  // Across stations: signals of station 3 (Inspect) and station 1 (Press).
  expect(task!.task_details.signal_uuids.some((id) => id.startsWith('line-machining-st-3-'))).toBe(true)
  expect(task!.task_details.signal_uuids.some((id) => id.startsWith('line-machining-st-1-'))).toBe(true)
  await deleteTasks(request, 'line-machining', ['mvd'], 'E2E sig')
  await context.close()
})
