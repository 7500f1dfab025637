import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { apiAs } from './support/app'
import { lineSignals, openSignalLine, openSignalManagement, row } from './support/signals'
import { goOffline } from './support/tablet'

/**
 * Signal Management's details of selected signals on a 1024×768 touch tablet: Signal Status
 * (SM-05), Name and Friendly Name (SM-06) and Distribution (SM-08), each written offline and
 * delivered after reconnecting; and the tree locked while result classifications are viewed (SIG-05). The Machining line's Weld signals are used (the Signal Management
 * spec works on the Paint line); each test puts back what it changed.
 */

const LINE_ID = 'line-machining'
const TORQUE = `${LINE_ID}-st-2-m2`
const ANGLE = `${LINE_ID}-st-2-m3`

interface TreeSignal {
  id: string
  name: string
  friendlyName: string | null
  isSignalActive: boolean
  singleSide: 'LOWER' | 'UPPER' | null
}

async function signal(request: APIRequestContext, id: string): Promise<TreeSignal> {
  return (await lineSignals<TreeSignal>(await apiAs(request), LINE_ID)).find((s) => s.id === id)!
}

const savedOffline = (page: Page) => expect(page.getByText('Saved on this device — will sync')).toBeVisible()

test('SM-05 OFF-02 Signal Status: Off dims and disables the details, Mixed shows for differing signals and cannot be set; Off reaches the server', async ({
  browser,
  request,
}) => {
  const { context, page } = await openSignalManagement(browser, 'Machining Line')
  await goOffline(context, page)
  await (await row(page, 'Angle 3')).click()
  const status = page.getByRole('radiogroup', { name: 'Signal Status' })
  await expect(status.getByRole('radio', { name: 'On' })).toBeChecked()
  const editName = page.getByRole('button', { name: 'Edit Friendly Name' })
  await expect(editName).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Edit Associations' })).toBeEnabled()

  await status.getByRole('radio', { name: 'Off' }).tap()
  await savedOffline(page)
  await expect(status.getByRole('radio', { name: 'Off' })).toBeChecked()
  await expect(editName).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Edit Associations' })).toBeDisabled()
  const details = page.locator('.qm-sm-details')
  await expect(details).toHaveAttribute('aria-disabled', 'true')
  expect(Number(await details.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1)

  // With an active signal added, the status is Mixed; Mixed cannot be chosen.
  await (await row(page, 'Torque 2')).click({ modifiers: ['Control'] })
  await expect(status.getByRole('radio', { name: 'Mixed' })).toBeChecked()
  await expect(status.getByRole('radio', { name: 'Mixed' })).toBeDisabled()
  await expect(page.getByText('Mixed cannot be set')).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  expect((await signal(request, ANGLE)).isSignalActive).toBe(false)
  expect((await signal(request, TORQUE)).isSignalActive).toBe(true)

  // Back On (online): the details are enabled again, and the server has it.
  await (await row(page, 'Angle 3')).click()
  await status.getByRole('radio', { name: 'On' }).tap()
  await expect(editName).toBeEnabled()
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  expect((await signal(request, ANGLE)).isSignalActive).toBe(true)
  await context.close()
})

test('SM-06 OFF-02 Name and Friendly Name: view, edit with Save / Cancel, no leading spaces; the name saved offline reaches the server', async ({
  browser,
  request,
}) => {
  const { context, page } = await openSignalManagement(browser, 'Machining Line')
  await goOffline(context, page)
  await (await row(page, 'Torque 2')).click()
  const names = page.locator('dl.qm-sm-fields')
  await expect(names).toContainText('Torque 2')
  await expect(page.getByTestId('friendly-name')).toHaveText('—')

  // Cancel drops what was typed.
  await page.getByRole('button', { name: 'Edit Friendly Name' }).tap()
  const field = page.getByRole('textbox', { name: 'Friendly Name' })
  await field.fill('Dropped')
  await page.getByRole('button', { name: 'Cancel', exact: true }).tap()
  await expect(field).toHaveCount(0)
  await expect(page.getByTestId('friendly-name')).toHaveText('—')

  await page.getByRole('button', { name: 'Edit Friendly Name' }).tap()
  await field.fill(' Weld torque')
  await expect(page.getByText('No leading spaces allowed.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled()
  await field.fill('Weld torque')
  await expect(page.getByText('No leading spaces allowed.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Save', exact: true }).tap()
  await savedOffline(page)
  await expect(page.getByTestId('friendly-name')).toHaveText('Weld torque')
  await expect(names).toContainText('Torque 2')
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  expect(await signal(request, TORQUE)).toMatchObject({ name: 'Torque 2', friendlyName: 'Weld torque' })

  // Put the seeded state back (no friendly name).
  const restore = await (
    await apiAs(request)
  ).patch('/api/signal-attribute-update', {
    signalRequest: { customer_uuid: 'cust-demo', plant_uuid: 'plant-demo', line_uuid: LINE_ID },
    signals: [{ signal_uuid: TORQUE, signal_attributes: { signal_friendly_name: null } }],
  })
  expect(restore.status()).toBe(200)
  expect((await signal(request, TORQUE)).friendlyName).toBeNull()
  await context.close()
})

test('SM-08 OFF-02 Distribution of a measurement: single sided UPPER online with its message, two sided again offline, both on the server', async ({
  browser,
  request,
}) => {
  const { context, page } = await openSignalManagement(browser, 'Machining Line')
  await (await row(page, 'Angle 3')).click()
  const distribution = page.getByRole('button', { name: /Distribution/ })
  await expect(distribution).toContainText('Two sided')
  await distribution.tap()
  await page.getByRole('option', { name: 'Single sided: UPPER' }).tap()
  await expect(page.getByText('Successfully Saved Distribution')).toBeVisible()
  await expect(distribution).toContainText('Single sided: UPPER')
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  expect((await signal(request, ANGLE)).singleSide).toBe('UPPER')

  // Only measurements have it: a result signal shows no Distribution.
  await (await row(page, 'Weld Result')).click()
  await expect(distribution).toHaveCount(0)

  await goOffline(context, page)
  await openSignalLine(page, 'Machining Line')
  await (await row(page, 'Angle 3')).click()
  await distribution.tap()
  await page.getByRole('option', { name: 'Two sided' }).tap()
  await savedOffline(page)
  await expect(distribution).toContainText('Two sided')
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')
  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  expect((await signal(request, ANGLE)).singleSide).toBeNull()
  await context.close()
})

test('SIG-05 the tree is locked while result classifications are viewed, offline too', async ({
  browser,
}) => {
  const { context, page } = await openSignalManagement(browser, 'Machining Line')
  await goOffline(context, page)
  await openSignalLine(page, 'Machining Line')
  await (await row(page, 'Press Result')).click()
  await page.getByRole('button', { name: 'View Result Classifications' }).tap()
  await expect(page.getByRole('table', { name: 'Result Classifications' })).toBeVisible()

  const locked = page.getByText("Can't change selections while viewing result classifications")
  await (await row(page, 'Weld Result')).click()
  await expect(locked).toBeVisible()
  // Still the one signal, still its classifications.
  await expect(await row(page, 'Weld Result')).not.toHaveAttribute('aria-selected', 'true')
  await expect(await row(page, 'Press Result')).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('table', { name: 'Result Classifications' })).toBeVisible()

  await page.getByRole('button', { name: 'Hide Result Classifications' }).tap()
  await expect(locked).toHaveCount(0)
  await (await row(page, 'Weld Result')).click()
  await expect(await row(page, 'Weld Result')).toHaveAttribute('aria-selected', 'true')
  await context.close()
})
