import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { ADMIN, OPERATOR } from './support/app'
import { appInstalled, openSyncedTablet } from './support/tablet'

/**
 * SHELL-04 on a 1024×768 touch tablet: an administrator with the app open makes an administrator
 * change offline, another administrator demotes them through the REST API, and on reconnecting —
 * without a reload — Users and Data Sources leave the menu and the page, and the offline change is a
 * sync issue with the server's 'Forbidden resource' (never silently lost). The seed's operator plays
 * the demoted administrator, so the plant ends as seeded.
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The demo administrator's REST call on the operator's role: POST makes them one, PUT takes it away. */
async function operatorAdministrator(request: APIRequestContext, method: 'POST' | 'PUT'): Promise<void> {
  expect((await request.post('/api/session', { data: ADMIN })).status()).toBe(200)
  const data = { userId: 'user-operator', role: 'administrator', customerId: 'cust-demo' }
  const res =
    method === 'POST'
      ? await request.post('/api/update-user-roles', { data })
      : await request.put('/api/update-user-roles', { data })
  expect(res.status()).toBe(200)
}

/** The side menu's links, from its drawer (a tablet has no menu column). */
async function menuLinks(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Menu' }).tap()
  const drawer = page.getByRole('dialog', { name: 'Settings' })
  await expect(drawer.getByRole('link').first()).toBeVisible()
  const names = await drawer.getByRole('link').allTextContents()
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
  return names.map((n) => n.trim())
}

test('SHELL-04 OFF-04 an administrator demoted while the app is open loses Users and Data Sources on reconnect, and the offline change becomes a sync issue', async ({
  browser,
  request,
}) => {
  await operatorAdministrator(request, 'POST')
  try {
    const { context, page } = await openSyncedTablet(browser, OPERATOR, 'USER_MANAGEMENT')
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible()
    expect(await menuLinks(page)).toEqual(expect.arrayContaining(['Users', 'Data Sources']))

    // Offline (no reload: the app stays open), an administrator's change: the engineer made one.
    await appInstalled(page)
    await context.setOffline(true)
    await page.getByRole('button', { name: new RegExp(`Role of ${escape('engineer@demo.plant')}$`) }).tap()
    await page.getByRole('option', { name: 'Administrator', exact: true }).tap()
    await expect(page.getByRole('listbox')).toHaveCount(0)
    await expect(page.getByTestId('pending-count')).toHaveText('1 pending change')

    // Another administrator demotes them meanwhile.
    await operatorAdministrator(request, 'PUT')

    await context.setOffline(false)
    // Without a reload: the Users page goes, to the default section, and so do both menu items.
    await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0, { timeout: 30_000 })
    await expect(page).toHaveURL(/section=SPC_ALERT/)
    await expect(page.getByTestId('signed-in-user')).toContainText('(user)')
    const links = await menuLinks(page)
    expect(links).not.toContain('Users')
    expect(links).not.toContain('Data Sources')
    expect(links).toContain('Alerts')

    // The change was not lost: it is a sync issue with the server's refusal.
    const button = page.getByRole('button', { name: 'Sync issues (1)' })
    await expect(button).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('pending-count')).toHaveText('All changes synced')
    await button.tap()
    const panel = page.getByRole('dialog', { name: 'Sync issues' })
    await expect(panel).toContainText('Make engineer@demo.plant an administrator')
    await expect(panel).toContainText('Forbidden resource')

    // The server kept the engineer a user.
    const users = (await (await request.get('/api/customer-users-for-user')).json()) as Array<{
      email: string
      role: string
    }>
    expect(users.find((u) => u.email === 'engineer@demo.plant')?.role).toBe('user')
    await context.close()
  } finally {
    await operatorAdministrator(request, 'PUT')
  }
})
