import { expect, test } from '@playwright/test'
import { ADMIN, lineRow } from './support/app'
import { openSyncedTablet } from './support/tablet'

/**
 * LINE-01: Line Management's status tabs (Enabled / Disabled / All, client/components/tabs.tsx) by
 * keyboard alone and offline: arrows, Home and End move and select, only the selected tab is a Tab
 * stop, and Tab goes from the tab into its panel's grid.
 */
test('LINE-01 SHELL-07 the status tabs work by keyboard alone, offline', async ({ browser }) => {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'LINE_MANAGEMENT')
  await context.setOffline(true)

  const tab = (name: string) => page.getByRole('tab', { name, exact: true })
  const panel = page.getByRole('tabpanel')
  await expect(tab('Enabled')).toHaveAttribute('aria-selected', 'true')
  await expect(panel).toHaveAccessibleName('Enabled')
  await expect(lineRow(page, '^Machining Line')).toBeVisible()
  await expect(lineRow(page, '^Packaging')).toHaveCount(0)

  await tab('Enabled').focus()
  await page.keyboard.press('ArrowRight')
  await expect(tab('Disabled')).toBeFocused()
  await expect(tab('Disabled')).toHaveAttribute('aria-selected', 'true')
  await expect(tab('Enabled')).toHaveAttribute('tabindex', '-1')
  await expect(lineRow(page, '^Packaging')).toBeVisible()
  await expect(lineRow(page, '^Machining Line')).toHaveCount(0)

  await page.keyboard.press('End')
  await expect(tab('All')).toBeFocused()
  await expect(panel).toHaveAccessibleName('All')
  await expect(lineRow(page, '^Packaging')).toBeVisible()
  await expect(lineRow(page, '^Machining Line')).toBeVisible()

  // Past the last tab, the arrow wraps to the first.
  await page.keyboard.press('ArrowRight')
  await expect(tab('Enabled')).toBeFocused()
  await expect(tab('Enabled')).toHaveAttribute('aria-selected', 'true')

  // Tab leaves the tab list for the panel's grid (its first header), not the next tab.
  await page.keyboard.press('Tab')
  await expect(panel.getByRole('button').first()).toBeFocused()
  await context.close()
})
