import { expect, test, type Page } from '@playwright/test'
import { ADMIN, chooseLine, linePicker } from './support/app'
import { goOffline, openSyncedTablet } from './support/tablet'

/**
 * The settings frame on a 1024×768 touch tablet, offline: the section ids in the URL and the menu
 * (SHELL-02), and the one line selector every line-scoped screen shares (SHELL-05).
 */

/** settings-area.md §2: section id, its menu item, and the section's name (the page title). */
const SECTIONS = [
  ['SVD_ANOMALY_MONITORS', 'Single-Variate', 'Single-Variate Monitors'],
  ['MVD_ANOMALY_MONITORS', 'Multi-Variate', 'Multi-Variate Monitors'],
  ['SPC_ALERT', 'Alerts', 'Cap Alerts'],
  ['SPC_LIMITS', 'Limits', 'Cap Limits'],
  ['DATA_SOURCES', 'Data Sources', 'Data Sources'],
  ['SIGNAL_MANAGEMENT', 'Signal Management', 'Signal Management'],
  ['LINE_MANAGEMENT', 'Line Management', 'Line Management'],
  ['MS_TEAMS', 'Microsoft Teams', 'Microsoft Teams Integrations'],
  ['ETQ_RELIANCE', 'ETQ Reliance', 'ETQ Reliance Integrations'],
  ['USER_MANAGEMENT', 'Users', 'Users'],
] as const

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).tap()
  const drawer = page.getByRole('dialog', { name: 'Settings' })
  await expect(drawer).toBeVisible()
  return drawer.getByRole('navigation', { name: 'Settings' })
}

test('SHELL-02 OFF-01 every section id drives the menu and the URL, by touch and by deep link, offline', async ({
  browser,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'LINE_MANAGEMENT')
  await goOffline(context, page)

  // Choosing a menu item puts its id in the URL and marks it as the current page.
  for (const [id, label, title] of SECTIONS) {
    const nav = await openMenu(page)
    await nav.getByRole('link', { name: label, exact: true }).tap()
    await expect(page).toHaveURL(new RegExp(`[?&]section=${id}(&|$)`))
    await expect(page).toHaveTitle(new RegExp(`^${title} · `))
    const again = await openMenu(page)
    await expect(again.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(again.locator('[aria-current="page"]')).toHaveCount(1)
    await page.keyboard.press('Escape')
  }

  // A URL naming a section opens it (served by the installed app, offline).
  for (const [id, label, title] of [SECTIONS[1], SECTIONS[5], SECTIONS[9]]) {
    await page.goto(`/settings?section=${id}`, { waitUntil: 'domcontentloaded' })
    await expect(page).toHaveTitle(new RegExp(`^${title} · `))
    const nav = await openMenu(page)
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page')
    await page.keyboard.press('Escape')
  }

  // An id that is not a section is replaced in the URL by a section that is.
  await page.goto('/settings?section=NOT_A_SECTION', { waitUntil: 'domcontentloaded' })
  await expect(page).toHaveURL(/[?&]section=[A-Z_]+/)
  await expect(page).not.toHaveURL(/NOT_A_SECTION/)
  const shown = new URL(page.url()).searchParams.get('section')
  expect(SECTIONS.map(([id]) => id)).toContain(shown)
  await context.close()
})

test('SHELL-05 one line selector on every line-scoped screen: a line chosen on one is the line of the others, offline, only active lines offered', async ({
  browser,
}) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'MVD_ANOMALY_MONITORS')
  await goOffline(context, page)
  // The inactive Packaging line is not offered.
  await linePicker(page).tap()
  await expect(page.getByRole('option', { name: 'Machining Line', exact: true })).toBeVisible()
  await expect(page.getByRole('option', { name: 'Packaging Line' })).toHaveCount(0)
  await page.getByRole('option', { name: 'Machining Line', exact: true }).tap()
  await expect(linePicker(page)).toContainText('Machining Line')

  for (const section of ['SVD_ANOMALY_MONITORS', 'SPC_ALERT', 'SPC_LIMITS', 'SIGNAL_MANAGEMENT']) {
    const nav = await openMenu(page)
    await nav.locator(`a[href*="section=${section}"]`).tap()
    await expect(page).toHaveURL(new RegExp(`section=${section}`))
    await expect(linePicker(page)).toContainText('Machining Line')
  }

  // Changed on one screen (Signal Management), it is changed on the others.
  await chooseLine(page, 'Paint Line')
  for (const section of ['SPC_LIMITS', 'MVD_ANOMALY_MONITORS']) {
    const nav = await openMenu(page)
    await nav.locator(`a[href*="section=${section}"]`).tap()
    await expect(page).toHaveURL(new RegExp(`section=${section}`))
    await expect(linePicker(page)).toContainText('Paint Line')
  }
  // Kept for the session: a reload (offline) still has it.
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect(linePicker(page)).toContainText('Paint Line')
  await context.close()
})
