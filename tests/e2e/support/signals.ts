import { expect, type Browser, type Page } from '@playwright/test'
import { ADMIN, type apiAs, chooseLine } from './app'
import { openSyncedTablet } from './tablet'

/** A row of Signal Management's tree by the start of its name ('Weld' also names 'Weld, Final'). */
export const treeItem = (page: Page, name: string) =>
  page.getByRole('treeitem', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(,|$)`) })

/**
 * A tree row, scrolled into view first: the tree is virtualized, so rows far below are not in the
 * page until the tree scrolls there, as a user scrolls.
 */
export async function row(page: Page, name: string) {
  const item = treeItem(page, name)
  const tree = page.getByRole('tree', { name: 'Stations and signals' })
  await tree.evaluate((el) => {
    el.scrollTop = 0
  })
  // The window of rows follows the scroll one frame later.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  await expect(async () => {
    if ((await item.count()) === 0) {
      await tree.evaluate((el) => {
        el.scrollTop += 240
      })
      throw new Error(`${name} not reached yet`)
    }
    await item.evaluate((el) => el.scrollIntoView({ block: 'center' }), undefined, { timeout: 1000 })
    await expect(item).toBeInViewport({ timeout: 1000 })
  }).toPass({ intervals: [100], timeout: 20_000 })
  return item
}

/** Chooses the line in Signal Management and waits for its tree (every seeded line has a Press station). */
export async function openSignalLine(page: Page, line: string): Promise<void> {
  await chooseLine(page, line)
  await expect(treeItem(page, 'Press')).toBeVisible()
}

/** A synced tablet of the administrator in Signal Management, with the line's tree open. */
export async function openSignalManagement(browser: Browser, line: string) {
  const { context, page } = await openSyncedTablet(browser, ADMIN, 'SIGNAL_MANAGEMENT')
  await openSignalLine(page, line)
  return { context, page }
}

/** The signals of a line's stations, as GET /api/lines/{id}/stations answers them. */
export async function lineSignals<T>(api: Awaited<ReturnType<typeof apiAs>>, lineId: string): Promise<T[]> {
  const tree = await api.get<Array<{ children: T[] }>>(`/api/lines/${lineId}/stations`)
  return tree.flatMap((s) => s.children)
}
