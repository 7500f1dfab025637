import { expect, test } from '@playwright/test'
import { chooseLine } from './support/app'
import { goOffline, signInTablet, tabletContext } from './support/tablet'

// Issue 11 points 2, 5 and 7 on a 1024×768 touch tablet: the side menu drawer, focus, no flashes.

test('SHELL-01 SHELL-06 below 1,200 px the side menu is a drawer: by touch, 44 px links, closes on choosing', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page)
  // No 240 px column on a tablet: the menu hides behind the Menu button.
  await expect(page.getByRole('navigation', { name: 'Settings' })).toHaveCount(0)
  const menuButton = page.getByRole('button', { name: 'Menu' })
  await menuButton.tap()
  const drawer = page.getByRole('dialog', { name: 'Settings' })
  await expect(drawer).toBeVisible()
  const links = drawer.getByRole('navigation', { name: 'Settings' }).getByRole('link')
  await expect(links.first()).toBeVisible()
  for (const link of await links.all()) {
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  }
  await drawer.getByRole('link', { name: 'Single-Variate' }).tap()
  await expect(page).toHaveURL(/section=SVD_ANOMALY_MONITORS/)
  await expect(drawer).toHaveCount(0)
  await expect(menuButton).toBeFocused()
  await context.close()
})

test('SHELL-01 the side menu drawer by keyboard: focus moves in and stays, Escape closes and returns focus', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page)
  const menuButton = page.getByRole('button', { name: 'Menu' })
  await menuButton.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Settings' })
  await expect(drawer).toBeVisible()
  await expect(drawer.locator(':focus')).toHaveCount(1)
  // Tab round more than every link of the menu: focus never leaves the drawer.
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Tab')
    await expect(drawer.locator(':focus')).toHaveCount(1)
  }
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
  await expect(menuButton).toBeFocused()
  // And by keyboard to another section.
  await page.keyboard.press('Enter')
  await drawer.getByRole('link', { name: 'Line Management' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/section=LINE_MANAGEMENT/)
  await expect(menuButton).toBeFocused()
  await context.close()
})

for (const offline of [false, true]) {
  test(`MADM-02 the monitor details drawer never shows "(not found)" while it loads, and focus returns to the row${offline ? ' (offline)' : ''}`, async ({
    browser,
  }) => {
    const context = await tabletContext(browser)
    await context.addInitScript(() => {
      const seen = { notFound: [] as string[] }
      ;(window as unknown as { __seen: typeof seen }).__seen = seen
      new MutationObserver(() => {
        for (const dialog of document.querySelectorAll('[role="dialog"]')) {
          const text = dialog.textContent ?? ''
          if (/not found/i.test(text)) seen.notFound.push(text.slice(0, 200))
        }
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    const page = await context.newPage()
    await signInTablet(page, undefined, 'SVD_ANOMALY_MONITORS')
    await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 60_000 })
    if (offline) await goOffline(context, page)
    await chooseLine(page, 'Paint Line')
    // The row's name opens the monitor form in VIEW (MON-01).
    const edits = page.getByRole('button', { name: /^View SVD/ })
    await expect(edits.first()).toBeVisible()
    for (const edit of await edits.all()) {
      await edit.tap()
      const drawer = page.getByRole('dialog', { name: 'SVD Monitor Details' })
      await expect(drawer.getByRole('tab', { name: 'Alert Rules' })).toBeVisible()
      await drawer.getByRole('tab', { name: 'Signal Selection' }).tap()
      await expect(drawer.getByRole('button', { name: /Paint Line/ })).toBeVisible()
      await drawer.getByRole('button', { name: 'Close', exact: true }).tap()
      await expect(drawer).toHaveCount(0)
      await expect(edit).toBeFocused()
    }
    const seen = await page.evaluate(() => (window as unknown as { __seen: { notFound: string[] } }).__seen)
    expect(seen.notFound).toEqual([])
    await context.close()
  })
}
