import { expect, test, type Locator } from '@playwright/test'
import { Temporal } from 'temporal-polyfill'
import { Messages } from '../../shared/validation/messages'
import { apiAs, chooseLine } from './support/app'
import {
  deleteTasks,
  drawerOf,
  newMonitorDrawer,
  newMonitorOffline,
  pickSignal,
  type Task,
} from './support/monitors'
import { openSyncedTablet, signInTablet, tabletContext } from './support/tablet'

/**
 * The Data Filters tab (FLT-01..10) on a 1024×768 touch tablet: what a user sets there is part of the
 * monitor — saved offline on one tablet, delivered, shown again on a second tablet that signs in
 * afresh, and carried by GET of the task over REST. Monitors made here are named 'E2E FLT …' and
 * deleted over REST at the end of each test, so the seeded data stays as it was.
 */

const LINE = 'Final Assembly'
const LINE_ID = 'line-assembly'
const PLANT_ZONE = 'America/Chicago'
const Q = Messages.query

/** Chooses an option of a Spectrum picker by its label. */
async function pick(scope: Locator, label: string, option: string) {
  // The picker's button is named by its value and label ('Records Period Start'); not 'Remove …'.
  await scope.getByRole('button', { name: new RegExp(`^(?!Remove ).*${label}$`) }).click()
  await scope
    .page()
    .getByRole('listbox', { name: label })
    .getByRole('option', { name: option, exact: true })
    .click()
}

/** Exactly these checkboxes, in this order. */
async function expectCheckboxes(group: Locator, labels: ReadonlyArray<string>) {
  const boxes = group.getByRole('checkbox')
  await expect(boxes).toHaveCount(labels.length)
  for (const [i, label] of labels.entries()) await expect(boxes.nth(i)).toHaveAccessibleName(label)
}

test('FLT-01 FLT-02 FLT-03 FLT-05 FLT-06 FLT-07 FLT-08 FLT-09 MON-01 OFF-02 a period of "two weeks ago for 8 hours", a model, classifications and a part attribute set offline reach the server and show the same on a second tablet, read-only in VIEW', async ({
  browser,
}) => {
  const { context, page, drawer } = await newMonitorOffline(browser, LINE)
  const name = `E2E FLT period ${Date.now()}`
  await drawer.getByRole('textbox', { name: 'Monitor name' }).fill(name)
  // Two Weld measurements, both linked to the Weld result signal (which has four classifications).
  await pickSignal(drawer, 'Torque 2')
  await pickSignal(drawer, 'Weld Temperature 1')

  await drawer.getByRole('tab', { name: 'Data Filters' }).tap()
  // FLT-01: the plant time zone note.
  await expect(drawer.getByText(`Times are in ${PLANT_ZONE}`)).toBeVisible()
  // FLT-06 / FLT-05: the MVD composition has the compatibility text and the training split.
  await expect(drawer.getByRole('note', { name: 'Monitor compatibility' })).toContainText(
    Messages.monitor.mvdCompatibility('MAHALANOBIS'),
  )
  await expect(drawer.getByRole('group', { name: 'Training Split' })).toBeVisible()

  // FLT-01/02: Start Time two weeks ago at 08:00 plant time; End Duration 8 hours (480 minutes).
  const startWall = Temporal.Now.zonedDateTimeISO(PLANT_ZONE)
    .subtract({ days: 14 })
    .toPlainDate()
    .toPlainDateTime({ hour: 8 })
  const startUtc = startWall.toZonedDateTime(PLANT_ZONE).toInstant().toString({ fractionalSecondDigits: 3 })
  await pick(drawer, 'Period Start', 'Time')
  await drawer.getByLabel('Start time', { exact: true }).fill(startWall.toString({ smallestUnit: 'minute' }))
  await pick(drawer, 'Period End', 'Duration')
  // FLT-03: only digits are taken.
  const duration = drawer.getByRole('textbox', { name: 'End duration (minutes)' })
  await duration.fill('')
  await duration.pressSequentially('48x0')
  await expect(duration).toHaveValue('480')
  await duration.blur()

  // FLT-07: MX-450 has no limits and is not excluded: it is offered because the line's data names it.
  await drawer.getByRole('checkbox', { name: 'MX-450' }).tap()
  // FLT-08: the Weld result signal's classifications.
  const classifications = drawer.getByRole('group', { name: 'Result classifications' })
  await expectCheckboxes(classifications, ['NOK', 'NOK-TORQUE', 'OK', 'Rework'])
  await classifications.getByRole('checkbox', { name: 'Rework' }).tap()
  await classifications.getByRole('checkbox', { name: 'NOK', exact: true }).tap()
  // FLT-09: an attribute of the line, its values chosen from those its data holds.
  await drawer.getByRole('button', { name: 'Add part attribute' }).tap()
  await expect(drawer.getByText(Q.selectionRequired)).toHaveCount(0)
  await pick(drawer, 'Part attribute 1', 'Part Type')
  const values = drawer.getByRole('group', { name: 'Part attribute 1 values' })
  await expectCheckboxes(values, ['Bracket', 'Housing', 'Shaft'])
  await values.getByRole('checkbox', { name: 'Housing' }).tap()

  await drawer.getByRole('button', { name: 'Create', exact: true }).tap()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })

  // The server has exactly what was set.
  const api = await apiAs(page.request)
  const task = (await api.get<Task[]>(`/api/tasks?lineId=${LINE_ID}&type=mvd`)).find(
    (t) => t.task_name === name,
  )
  expect(task?.task_details).toMatchObject({
    start_mode: 'TIME',
    start_time: startUtc,
    end_mode: 'DURATION',
    end_duration: 8 * 3_600_000,
    part_numbers: ['MX-450'],
    result_classifications: ['NOK', 'Rework'],
    part_attributes: [
      { attribute_uuid: `${LINE_ID}-st-1-part-type`, selected_attribute_values: ['Housing'] },
    ],
  })

  // A second tablet signing in afresh shows the same, in VIEW, where nothing can be changed (MON-01).
  const other = await tabletContext(browser)
  const second = await other.newPage()
  await signInTablet(second, undefined, 'MVD_ANOMALY_MONITORS')
  await chooseLine(second, LINE)
  await second.getByRole('button', { name: `View ${name}` }).tap()
  const view = drawerOf(second, /MVD Monitor Details/)
  await view.getByRole('tab', { name: 'Data Filters' }).tap()
  await expect(view.getByRole('button', { name: /Period Start$/ })).toContainText('Time')
  await expect(view.getByLabel('Start time', { exact: true })).toHaveValue(
    startWall.toString({ smallestUnit: 'minute' }),
  )
  await expect(view.getByRole('button', { name: /Period End$/ })).toContainText('Duration')
  await expect(view.getByRole('textbox', { name: 'End duration (minutes)' })).toHaveValue('480')
  await expect(view.getByRole('checkbox', { name: 'MX-450' })).toBeChecked()
  const shown = view.getByRole('group', { name: 'Result classifications' })
  await expect(shown.getByRole('checkbox', { name: 'NOK', exact: true })).toBeChecked()
  await expect(shown.getByRole('checkbox', { name: 'Rework' })).toBeChecked()
  await expect(shown.getByRole('checkbox', { name: 'OK', exact: true })).not.toBeChecked()
  const attribute = view.getByRole('group', { name: 'Part attribute 1 values' })
  await expect(attribute.getByRole('checkbox', { name: 'Housing' })).toBeChecked()
  // MON-01: VIEW changes nothing — every control of the tab is disabled.
  await expect(attribute.getByRole('checkbox', { name: 'Shaft' })).toBeDisabled()
  await expect(view.getByRole('button', { name: 'Remove Part attribute 1' })).toBeDisabled()
  await expect(view.getByRole('button', { name: 'Add part attribute' })).toBeDisabled()
  await expect(view.getByLabel('Start time', { exact: true })).toBeDisabled()

  await deleteTasks(page.request, LINE_ID, ['mvd', 'svd'], 'E2E FLT ')
  await other.close()
  await context.close()
})

test('FLT-02 FLT-04 FLT-10 the period rules answer with the specification messages and block saving; Duration is clamped', async ({
  browser,
}) => {
  const { context, page } = await openSyncedTablet(browser, undefined, 'SVD_ANOMALY_MONITORS')
  const drawer = await newMonitorDrawer(page, LINE, 'New SVD Monitor')
  // SVD starts on its Filter tab (MON-05).
  await expect(drawer.getByRole('tab', { name: 'Filter' })).toHaveAttribute('aria-selected', 'true')

  // FLT-02: Start and End both Time; clearing the start time is 'Invalid Start Time' (SVD wording).
  await pick(drawer, 'Period Start', 'Time')
  const start = drawer.getByLabel('Start time', { exact: true })
  const end = drawer.getByLabel('End time', { exact: true })
  const wall = (d: Temporal.PlainDateTime) => d.toString({ smallestUnit: 'minute' })
  const today = Temporal.Now.zonedDateTimeISO(PLANT_ZONE).toPlainDate()
  await end.fill(wall(today.subtract({ days: 2 }).toPlainDateTime({ hour: 9 })))
  await start.fill('')
  await drawer.getByRole('tab', { name: 'Signal Selection' }).tap()
  // MON-03: the tab cannot be left; the summary names the period's error.
  const summary = page.getByRole('alertdialog', { name: 'Please correct these errors' })
  await expect(
    summary.getByRole('listitem').filter({ hasText: `Period Start: ${Q.svdInvalidStartTime}` }),
  ).toBeVisible()
  await summary.getByRole('button', { name: 'OK' }).tap()
  await expect(drawer.getByText(Q.svdInvalidStartTime)).toBeVisible()

  // FLT-10: a start after the end.
  await start.fill(wall(today.subtract({ days: 2 }).toPlainDateTime({ hour: 10 })))
  await expect(drawer.getByText(Q.startBeforeEnd)).toBeVisible()
  await start.fill(wall(today.subtract({ days: 3 }).toPlainDateTime({ hour: 10 })))
  await expect(drawer.getByText(Q.startBeforeEnd)).toHaveCount(0)
  await expect(drawer.getByText(Q.svdInvalidStartTime)).toHaveCount(0)

  // FLT-02: a Duration pairs only with a Time; choosing Duration for End with Start on Records moves Start to Time.
  await pick(drawer, 'Period Start', 'Records')
  await pick(drawer, 'Period End', 'Duration')
  await expect(drawer.getByRole('button', { name: /Period Start$/ })).toContainText('Time')

  // FLT-04: a duration below a minute is clamped to the minimum (1 minute), above the maximum to 3000.
  const duration = drawer.getByRole('textbox', { name: 'End duration (minutes)' })
  await duration.fill('0')
  await duration.blur()
  await expect(duration).toHaveValue('1')
  await duration.fill('999999')
  await duration.blur()
  await expect(duration).toHaveValue('3000')

  await drawer.getByRole('button', { name: 'Cancel' }).tap()
  await context.close()
})
