import { expect, test, type Page } from '@playwright/test'
import { ADMIN, OPERATOR, apiAs, waitSynced } from './support/app'
import { goOffline, openSyncedTablet, signInTablet, tabletContext } from './support/tablet'

/**
 * Users (USER-01..05) on a tablet, and who may reach the administrators' screens. Every user these
 * tests add is deleted again; the seeded users are only read.
 */
type ApiUser = { id: string; email: string; role: string; locationConfig: { locationName: string | null } }

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const userRow = (page: Page, email: string) => page.getByRole('row', { name: new RegExp(escape(email)) })

/**
 * Escape closes an open list. Focus is put on its selected option first: after a save re-renders
 * the row, a list opened by a tap does not always receive focus (noted for a follow-up).
 */
async function closeListWithEscape(page: Page) {
  await page.getByRole('listbox').getByRole('option', { selected: true }).focus()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('listbox')).toHaveCount(0)
}

async function pick(page: Page, picker: string, option: string) {
  // A picker's button is named by its value, then its label: 'User Role of x@y'.
  await page.getByRole('button', { name: new RegExp(`${escape(picker)}$`) }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  // Choosing closes the list (after its closing animation, which a fast run can outpace).
  await expect(page.getByRole('listbox')).toHaveCount(0)
}

test('USER-01 USER-02 USER-03 USER-04 USER-05 add, role, location and delete with their messages', async ({
  browser,
}) => {
  // A long flow (eleven actions and their messages) on a machine shared with other suites.
  test.slow()
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, ADMIN, 'USER_MANAGEMENT')
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible()
  await expect(page.getByTestId('total-users')).toHaveText('Total users: 5')
  await expect(userRow(page, 'new.hire@demo.plant')).toContainText('Never logged in')
  await expect(userRow(page, 'engineer@demo.plant')).toContainText('America/Chicago')

  await page.getByRole('button', { name: 'Add user' }).click()
  const email = page.getByRole('textbox', { name: 'Email of the new user' })
  await expect(email).toBeFocused()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Email is required')).toBeVisible()

  // An e-mail another user of the customer holds: the spec's 409, and the row stays to be fixed.
  await email.fill('Engineer@demo.plant')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('alert').getByText('User with the email already exists')).toBeVisible()
  await expect(email).toHaveValue('Engineer@demo.plant')

  await email.fill('e2e.added@demo.plant')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('User added successfully')).toBeVisible()
  await expect(email).toHaveCount(0)
  await expect(page.getByTestId('total-users')).toHaveText('Total users: 6')
  const added = userRow(page, 'e2e.added@demo.plant')
  await expect(added).toContainText('Never logged in')

  await pick(page, 'Role of e2e.added@demo.plant', 'Administrator')
  await expect(page.getByText('User Role Updated')).toBeVisible()
  await pick(page, 'Location of e2e.added@demo.plant', 'Corporate')
  await expect(page.getByText('Saved Location')).toBeVisible()
  // Only provider staff see the provider location; their own row offers nothing else.
  await page.getByRole('button', { name: /Location of e2e\.added@demo\.plant$/ }).click()
  await expect(page.getByRole('option', { name: 'Corporate' })).toBeVisible()
  await expect(page.getByRole('option', { name: 'Provider' })).toHaveCount(0)
  await closeListWithEscape(page)
  await page.getByRole('button', { name: /Location of support@provider\.example$/ }).click()
  await expect(page.getByRole('option')).toHaveText(['Provider'])
  await closeListWithEscape(page)

  await page.getByRole('button', { name: 'Delete e2e.added@demo.plant' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Are you sure you want to delete e2e.added@demo.plant?')
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(added).toHaveCount(0)
  await expect(page.getByTestId('total-users')).toHaveText('Total users: 5')
  // Nobody deletes themselves or changes their own role.
  await expect(page.getByRole('button', { name: 'Delete admin@demo.plant' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Role of admin@demo\.plant$/ })).toBeDisabled()
  await waitSynced(page)
  await context.close()
})

test('USER-02 OFF-02 a user added offline is pending, survives a reload, and is on the server after reconnecting', async ({
  browser,
  request,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'USER_MANAGEMENT')
  await goOffline(context, page)

  // What is typed survives leaving the section before saving.
  await page.getByRole('button', { name: 'Add user' }).click()
  await page.getByRole('textbox', { name: 'Email of the new user' }).fill('offline.user@demo.plant')
  await page.reload({ waitUntil: 'domcontentloaded' })
  const email = page.getByRole('textbox', { name: 'Email of the new user' })
  await expect(email).toHaveValue('offline.user@demo.plant')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved on this device — will sync')).toBeVisible()
  const row = userRow(page, 'offline.user@demo.plant')
  await expect(row.getByText('Pending')).toBeVisible()
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(row.getByText('Pending')).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
  await expect(row.getByText('Pending')).toHaveCount(0)
  const api = await apiAs(request)
  const users = await api.get<ApiUser[]>('/api/customer-users-for-user')
  const added = users.find((u) => u.email === 'offline.user@demo.plant')
  expect(added?.role).toBe('user')
  // Restore: the seed has no such user.
  const removed = await request.post('/api/users', { data: { userId: added!.id, customerId: 'cust-demo' } })
  expect(removed.status()).toBe(204)
  await context.close()
})

test('SHELL-04 USER-01 DS-01 a user sees neither Users nor Data Sources and cannot reach them by URL', async ({
  browser,
}) => {
  const context = await tabletContext(browser, { width: 1280, height: 800 })
  const page = await context.newPage()
  await signInTablet(page, OPERATOR, 'MS_TEAMS')
  // 1,280 px wide: the menu is a column beside the section.
  const nav = page.getByRole('navigation')
  await expect(nav.getByRole('link', { name: 'Microsoft Teams' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Data Sources' })).toHaveCount(0)
  for (const section of ['USER_MANAGEMENT', 'DATA_SOURCES']) {
    await page.goto(`/settings?section=${section}`, { waitUntil: 'domcontentloaded' })
    await expect(page).toHaveURL(/section=SPC_ALERT/)
    await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Data Sources' })).toHaveCount(0)
  }
  await context.close()
})
