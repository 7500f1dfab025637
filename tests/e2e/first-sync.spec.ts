import { expect, test } from '@playwright/test'
import { Messages } from '../../shared/validation/messages'
import { ADMIN, waitSynced } from './support/app'
import { signInTablet, tabletContext } from './support/tablet'

/**
 * A first sync on a new device (OFF-08): the line the user opens comes ahead of the rest of the
 * plant's signals, and until it is here the screen says so instead of showing an incomplete list.
 * The plant-wide signal pages are held back at the network so "the rest" is still on its way.
 */
test('OFF-08 CAPA-01 on a new device the opened line arrives ahead of the plant, and Cap Alerts says so until then', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const linesAsked: string[] = []
  await page.route('**/sync/signals/pull', async (route) => {
    const body = route.request().postDataJSON() as { lineId?: string }
    if (body.lineId === undefined) await held
    else {
      linesAsked.push(body.lineId)
      // Slow enough for the message to be seen.
      await new Promise((resolve) => setTimeout(resolve, 1500))
    }
    await route.continue()
  })
  await signInTablet(page, ADMIN, 'SPC_ALERT')
  await expect(page.getByText(Messages.sync.lineArriving)).toBeVisible({ timeout: 30_000 })
  // The line's rows appear while the first sync of the plant is still running.
  await expect(page.getByRole('switch', { name: /^Monitor: / }).first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(Messages.sync.lineArriving)).toHaveCount(0)
  await expect(page.getByLabel('First sync')).toBeVisible()
  expect(linesAsked.length).toBeGreaterThanOrEqual(1)
  release()
  await waitSynced(page)
  await expect(page.getByLabel('First sync')).toHaveCount(0)
  await context.close()
})

test('OFF-08 on a new device the code signing in needs downloads while the user types, not before', async ({
  browser,
}) => {
  const context = await tabletContext(browser)
  const page = await context.newPage()
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  await page.goto('/sign-in')
  await page.waitForLoadState('networkidle')
  const sessionCode = (names: string[]) => names.filter((p) => p.includes('/session-code-'))
  // The first screen stays small: nothing of the signed-in session yet.
  expect(sessionCode(scripts)).toEqual([])
  await page.getByLabel('Email').pressSequentially(ADMIN.email.slice(0, 3))
  await expect.poll(() => sessionCode(scripts).length).toBe(1)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('signed-in-user')).toBeVisible()
  // Fetched once: the sign-in used what typing brought.
  expect(sessionCode(scripts)).toHaveLength(1)
  await context.close()
})
