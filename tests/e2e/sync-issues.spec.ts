import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { apiAs, cellButton, editLineCell, waitSynced, HOURS, DAYS } from './support/app'
import { goOffline, pageOverflow, signInTablet, tabletContext } from './support/tablet'

/**
 * Issue 11 (3, 4, 5): sync feedback on a 1024×768 touch tablet. A conflict is announced and shown
 * side by side; the Sync issues button stands out while it holds something; Re-apply of a change the
 * server would refuse again opens it for correcting first; the panel works by keyboard alone and
 * focus never drops to the page body. Each test puts the lines it changed back as they were.
 */
const CIRCULAR =
  'The update introduces a circular dependency, where the feeder line eventually references itself through one or more connections. Please check the feeder lines and try again.'

type Line = { feederLineIds: string[]; ingestionThresholdHours: number; alertViewingWindowDays: number }

async function remember(request: APIRequestContext, ids: string[]) {
  const api = await apiAs(request)
  const saved = new Map<string, Line>()
  for (const id of ids) saved.set(id, await api.get<Line>(`/api/lines/${id}`))
  return {
    api,
    restore: async () => {
      // Feeders cleared first, then put back: every step is then a subset of the saved (loop-free)
      // graph, so no intermediate state is refused as circular.
      for (const id of saved.keys())
        expect((await api.patch(`/api/lines/${id}`, { feederLineIds: [] })).status()).toBe(200)
      for (const [id, line] of saved) {
        const res = await api.patch(`/api/lines/${id}`, {
          feederLineIds: line.feederLineIds,
          ingestionThresholdHours: line.ingestionThresholdHours,
          alertViewingWindowDays: line.alertViewingWindowDays,
        })
        expect(res.status()).toBe(200)
      }
    },
  }
}

/** The button's fill: transparent when nothing waits, a colour while it holds issues. */
const fillOf = (page: Page) =>
  page.getByRole('button', { name: /^Sync issues \(/ }).evaluate((el) => getComputedStyle(el).backgroundColor)

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')

test('OFF-04 LINE-06 Re-apply of a refused feeder change opens it for correcting, checked as you edit, then sends it', async ({
  browser,
  request,
}) => {
  const { api, restore } = await remember(request, ['line-packaging', 'line-machining', 'line-paint'])
  try {
    // Paint feeds Machining; Packaging and Paint have no feeders.
    for (const [id, feeders] of [
      ['line-packaging', []],
      ['line-paint', []],
      ['line-machining', ['line-paint']],
    ] as const)
      expect((await api.patch(`/api/lines/${id}`, { feederLineIds: feeders })).status()).toBe(200)

    const context = await tabletContext(browser)
    const page = await context.newPage()
    await signInTablet(page)
    await waitSynced(page)
    const idle = await fillOf(page)

    // Offline: Packaging gets Machining as its feeder — no loop as far as this device knows.
    await goOffline(context, page)
    await page.getByRole('tab', { name: 'All' }).click()
    await page.getByRole('button', { name: 'Actions for Packaging Line' }).click()
    await page.getByRole('menuitem', { name: 'Configure Line' }).click()
    await page.getByRole('button', { name: 'Edit Feeder Lines' }).click()
    const feeders = page.getByRole('dialog', { name: 'Feeder Lines' })
    await feeders.getByRole('checkbox', { name: /^Machining Line/ }).check()
    await feeders.getByRole('button', { name: 'Apply' }).click()
    await page.getByRole('dialog', { name: 'Configure Line' }).getByRole('button', { name: 'Save' }).click()

    // Meanwhile another client makes Machining fed by Packaging: with the offline edit, a loop.
    expect(
      (
        await api.patch('/api/lines/line-machining', { feederLineIds: ['line-paint', 'line-packaging'] })
      ).status(),
    ).toBe(200)
    await context.setOffline(false)
    await expect(page.getByText(CIRCULAR).first()).toBeVisible({ timeout: 30_000 })
    const button = page.getByRole('button', { name: 'Sync issues (1)' })
    await expect(button).toBeVisible()
    expect(await fillOf(page)).not.toBe(idle)

    await button.click()
    const panel = page.getByRole('dialog', { name: 'Sync issues' })
    // What was tried is on the card, by line name.
    const tried = panel.getByRole('table', { name: /^What you tried/ })
    await expect(tried).toContainText('Feeder lines')
    await expect(tried).toContainText('Machining Line')
    expect((await pageOverflow(page)).scrollWidth).toBeLessThanOrEqual((await pageOverflow(page)).innerWidth)

    // Re-apply does not send it again as it is: the values open for correcting, with the reason.
    await panel.getByRole('button', { name: /^Re-apply/ }).click()
    const editor = panel.getByRole('group', { name: /^Correct and re-apply/ })
    await expect(editor.getByText('As it is, this would be refused')).toBeVisible()
    await expect(editor).toContainText(CIRCULAR)
    const send = editor.getByRole('button', { name: 'Send' })
    await expect(send).toBeDisabled()
    await editor.getByRole('checkbox', { name: 'Machining Line' }).uncheck()
    await editor.getByRole('checkbox', { name: 'Paint Line' }).check()
    await expect(editor.getByText('As it is, this would be refused')).toHaveCount(0)
    await expect(send).toBeEnabled()
    await send.click()

    await expect(panel.getByText('No sync issues')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sync issues (0)' })).toBeVisible()
    await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
    expect((await api.get<Line>('/api/lines/line-packaging')).feederLineIds).toEqual(['line-paint'])
    await context.close()
  } finally {
    await restore()
  }
})

test('OFF-05 SHELL-08 a conflict on a tablet: announced, side by side, and Sync issues by keyboard alone with focus kept', async ({
  browser,
  request,
}) => {
  const { api, restore } = await remember(request, ['line-packaging'])
  try {
    const ctxA = await tabletContext(browser)
    const ctxB = await tabletContext(browser)
    const a = await ctxA.newPage()
    const b = await ctxB.newPage()
    await signInTablet(a)
    await signInTablet(b)
    await waitSynced(a)
    await waitSynced(b)
    await a.getByRole('tab', { name: 'All' }).click()
    await b.getByRole('tab', { name: 'All' }).click()

    // Both devices change the same two fields of Packaging Line offline; A reaches the server first.
    await ctxA.setOffline(true)
    await ctxB.setOffline(true)
    await editLineCell(a, HOURS, 'Packaging Line', '13')
    await editLineCell(a, DAYS, 'Packaging Line', '3')
    await editLineCell(b, HOURS, 'Packaging Line', '14')
    await editLineCell(b, DAYS, 'Packaging Line', '4')
    await ctxA.setOffline(false)
    await expect(a.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
    await ctxB.setOffline(false)

    // B is told, with the action in its words, and the grid shows the server's values.
    await expect(b.getByText(/was replaced by a newer change from the server/).first()).toBeVisible({
      timeout: 30_000,
    })
    await expect(cellButton(b, HOURS, 'Packaging Line')).toHaveText('13')
    const button = b.getByRole('button', { name: 'Sync issues (2)' })
    await expect(button).toBeVisible()

    // Keyboard alone from here.
    await button.focus()
    await b.keyboard.press('Enter')
    const panel = b.getByRole('dialog', { name: 'Sync issues' })
    await expect(panel).toBeVisible()
    const cards = panel.getByRole('article')
    await expect(cards).toHaveCount(2)
    // Each card: the user's value and the server's side by side.
    await expect(panel.getByRole('table').first()).toContainText('Your value')
    await expect(panel.getByRole('table').first()).toContainText("Server's value")
    const second = (await cards.nth(1).getByRole('heading').textContent())?.trim() ?? ''

    // Tab to the first card's Discard, confirm with the keyboard: focus moves to the next card.
    for (let i = 0; i < 12; i++) {
      const label = await b.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')
      if (label.startsWith('Discard:')) break
      await b.keyboard.press('Tab')
    }
    await b.keyboard.press('Enter')
    const confirm = b.getByRole('alertdialog')
    await expect(confirm).toBeVisible()
    for (let i = 0; i < 4 && (await focusedText(b)) !== 'Discard'; i++) await b.keyboard.press('Tab')
    await b.keyboard.press('Enter')
    await expect(cards).toHaveCount(1)
    await expect.poll(() => focusedText(b)).toBe(second)

    // The next Tab reaches that card's Re-apply; afterwards focus rests on the empty panel.
    await b.keyboard.press('Tab')
    expect(await b.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(
      /^Re-apply:/,
    )
    await b.keyboard.press('Enter')
    await expect(panel.getByText('No sync issues')).toBeVisible()
    await expect.poll(() => b.evaluate(() => document.activeElement?.id)).toBe('qm-issues-empty')

    // Escape closes the panel and focus returns to the Sync issues button.
    await b.keyboard.press('Escape')
    await expect(panel).toHaveCount(0)
    await expect(b.getByRole('button', { name: 'Sync issues (0)' })).toBeFocused()

    // The re-applied change wins on the server; the discarded one leaves A's value.
    await expect(b.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })
    const line = await api.get<Line>('/api/lines/line-packaging')
    const reapplied = second.includes('No Data Alert') ? 'hours' : 'days'
    expect([line.ingestionThresholdHours, line.alertViewingWindowDays]).toEqual(
      reapplied === 'hours' ? [14, 3] : [13, 4],
    )
    await ctxA.close()
    await ctxB.close()
  } finally {
    await restore()
  }
})
