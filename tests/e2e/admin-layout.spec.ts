import { expect, test } from '@playwright/test'
import { ADMIN } from './support/app'
import { pageOverflow, signInTablet, tabletContext, VIEWPORTS } from './support/tablet'

/**
 * The administration screens at the tablet and desktop sizes (docs/ui-rules.md): the page never
 * scrolls sideways, and every row action is at least 44 px high and inside the viewport.
 */
const SCREENS = [
  { section: 'MS_TEAMS', heading: 'Microsoft Teams Integrations', actions: /^(Edit|Delete) webhook of / },
  { section: 'ETQ_RELIANCE', heading: 'ETQ Reliance Integrations', actions: /^(View|Edit|Delete) / },
  { section: 'USER_MANAGEMENT', heading: 'Users', actions: /^Delete .+@/ },
  { section: 'DATA_SOURCES', heading: 'Data Sources', actions: /^Delete / },
] as const

for (const viewport of VIEWPORTS) {
  test(`TEAMS-01 ETQ-01 USER-01 DS-01 the administration screens fit ${viewport.width}×${viewport.height}`, async ({
    browser,
  }) => {
    const context = await tabletContext(browser, viewport)
    const page = await context.newPage()
    await signInTablet(page, ADMIN, 'MS_TEAMS')
    for (const screen of SCREENS) {
      await page.goto(`/settings?section=${screen.section}`, { waitUntil: 'domcontentloaded' })
      await expect(page.getByRole('heading', { name: screen.heading, exact: true })).toBeVisible()
      const buttons = page.getByRole('main').getByRole('button', { name: screen.actions })
      await expect(buttons.first()).toBeVisible()
      const { scrollWidth, innerWidth } = await pageOverflow(page)
      expect(scrollWidth, screen.section).toBeLessThanOrEqual(innerWidth)
      for (const button of await buttons.all()) {
        await button.scrollIntoViewIfNeeded()
        const box = await button.boundingBox()
        expect(box!.height, screen.section).toBeGreaterThanOrEqual(44)
        expect(box!.x + box!.width, screen.section).toBeLessThanOrEqual(innerWidth)
      }
    }
    await context.close()
  })
}
