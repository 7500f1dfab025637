import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { Messages } from '../../../shared/validation/messages'

/** Demo accounts (README; DEMO_* environment variables override them on the server). */
export const ADMIN = { email: 'admin@demo.plant', password: 'demo-admin-1' }
export const OPERATOR = { email: 'operator@demo.plant', password: 'demo-user-1' }

/** Signs in through the sign-in page and waits for the settings frame. */
export async function signIn(page: Page, who = ADMIN, section = 'LINE_MANAGEMENT'): Promise<void> {
  await page.goto(`/settings?section=${section}`, { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Line Management' })).toBeVisible()
}

/** Waits until the first sync has happened and is over, and nothing is pending. */
export async function waitSynced(page: Page): Promise<void> {
  // "Not yet" first: the progress bar is absent before a sync starts as well as after it ends.
  await expect(page.getByText('Last synced: not yet')).toHaveCount(0, { timeout: 60_000 })
  await expect(page.getByLabel('First sync')).toHaveCount(0, { timeout: 60_000 })
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
}

/** Line Management's two inline number columns, as the catalogue names them. */
export const HOURS = Messages.lines.noDataAlertLabel
export const DAYS = Messages.lines.alertDisplayedLabel

/**
 * A section's line picker. Its button is named by the value and its label (e.g. 'Final Assembly
 * Line'); the first such button in the main area is the section's.
 */
export const linePicker = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('button', { name: / Line$/ })
    .first()

/** Picks a line in the section's line picker. */
export async function chooseLine(page: Page, name: string): Promise<void> {
  await linePicker(page).click()
  await page.getByRole('option', { name, exact: true }).click()
}

export const lineRow = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) })

/** Edits an inline number cell of the Line Management grid (LINE-04). */
export async function editLineCell(
  page: Page,
  label: string,
  lineName: string,
  value: string,
): Promise<void> {
  await cellButton(page, label, lineName).click()
  const input = page.getByRole('textbox', { name: `${label} for ${lineName}` })
  await input.fill(value)
  await input.press('Enter')
}

export const cellButton = (page: Page, label: string, lineName: string) =>
  page.getByRole('button', { name: new RegExp(`^${escape(label)} for ${escape(lineName)}:`) })

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A REST client signed in as the administrator: "another client" that changes the server directly. */
export async function apiAs(request: APIRequestContext, who = ADMIN) {
  const res = await request.post('/api/session', { data: who })
  expect(res.status()).toBe(200)
  return {
    get: async <T>(path: string) => (await (await request.get(path)).json()) as T,
    patch: async (path: string, data: unknown) => request.patch(path, { data }),
  }
}
