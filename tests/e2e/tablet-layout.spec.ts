import { expect, test } from '@playwright/test'
import { chooseLine, OPERATOR } from './support/app'
import { pageOverflow, signInTablet, tabletContext, VIEWPORTS } from './support/tablet'

// Issue 11 point 2: the settings screens on the plant's touch tablets and on desktops.

for (const viewport of VIEWPORTS) {
  test(`SHELL-01 LINE-02 SHELL-07 Line Management at ${viewport.width}×${viewport.height} with touch: no sideways page scroll, every row's Actions menu reachable`, async ({
    browser,
  }) => {
    const context = await tabletContext(browser, viewport)
    const page = await context.newPage()
    await signInTablet(page)
    await page.getByRole('tab', { name: 'All' }).click()
    const grid = page.getByRole('table', { name: 'Lines' })
    await expect(grid.getByRole('row')).toHaveCount(5) // header + 4 lines

    const { scrollWidth, innerWidth } = await pageOverflow(page)
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeInViewport()

    for (const line of ['Final Assembly', 'Machining Line', 'Paint Line', 'Packaging Line']) {
      const actions = page.getByRole('button', { name: `Actions for ${line}` })
      // At most a scroll inside the grid (or the page, vertically) brings it on screen, whole.
      await actions.scrollIntoViewIfNeeded()
      const box = await actions.boundingBox()
      expect(box).not.toBeNull()
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(innerWidth)
      expect(box!.height).toBeGreaterThanOrEqual(44)
      expect(box!.width).toBeGreaterThanOrEqual(44)
      await actions.tap()
      await expect(page.getByRole('menuitem', { name: 'Configure Line' })).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(page.getByRole('menuitem', { name: 'Configure Line' })).toHaveCount(0)
    }
    // Scrolling inside the grid never widened the page.
    expect((await pageOverflow(page)).scrollWidth).toBeLessThanOrEqual(innerWidth)

    // The header spans the screen: its background does not stop short of the edge.
    const header = await page.getByRole('banner').boundingBox()
    expect(Math.round(header!.width)).toBe(innerWidth)

    await page.screenshot({ path: test.info().outputPath(`line-management-${viewport.width}.png`) })
    await context.close()
  })
}

test('SHELL-01 MADM-01 the monitor admin page fits a 1024×768 tablet too', async ({ browser }) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, undefined, 'SVD_ANOMALY_MONITORS')
  await chooseLine(page, 'Machining Line')
  await expect(page.getByRole('switch', { name: /^Active: SVD/ }).first()).toBeVisible()
  const { scrollWidth, innerWidth } = await pageOverflow(page)
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
  for (const button of await page.getByRole('button', { name: /^(Edit|Delete) SVD/ }).all()) {
    const box = await button.boundingBox()
    expect(box!.height).toBeGreaterThanOrEqual(44)
    expect(box!.x + box!.width).toBeLessThanOrEqual(innerWidth)
  }
  await context.close()
})

test('SHELL-01 SHELL-04 the header names the role of every user, the operator included', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  await signInTablet(page, OPERATOR)
  await expect(page.getByTestId('signed-in-user')).toHaveText('operator@demo.plant (user)')
  await context.close()
})

test('SHELL-01 SHELL-03 on first sign-in the menu appears once with its final items, and a first sync shows only its progress', async ({
  browser,
}) => {
  const context = await tabletContext(browser, { width: 1280, height: 800 })
  // Recorded in the page from its first frame: what the menu held when it first appeared, and
  // whether "All changes synced" ever stood beside the first-sync progress.
  await context.addInitScript(() => {
    const seen = { firstMenu: null as string[] | null, syncedDuringFirstSync: false }
    ;(window as unknown as { __seen: typeof seen }).__seen = seen
    new MutationObserver(() => {
      const links = document.querySelectorAll('nav a[data-section]')
      if (seen.firstMenu === null && links.length > 0)
        seen.firstMenu = Array.from(links, (a) => a.textContent ?? '')
      const status = document.querySelector('[data-testid="sync-status"]')?.textContent ?? ''
      if (status.includes('First sync') && status.includes('All changes synced'))
        seen.syncedDuringFirstSync = true
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  const page = await context.newPage()
  await signInTablet(page)
  await expect(page.getByRole('navigation').getByRole('link', { name: 'ETQ Reliance' })).toBeVisible()
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 60_000 })
  const seen = await page.evaluate(
    () => (window as unknown as { __seen: { firstMenu: string[]; syncedDuringFirstSync: boolean } }).__seen,
  )
  expect(seen.firstMenu).toEqual(
    expect.arrayContaining(['Single-Variate', 'Multi-Variate', 'Line Management', 'ETQ Reliance', 'Users']),
  )
  expect(seen.syncedDuringFirstSync).toBe(false)
  await context.close()
})
