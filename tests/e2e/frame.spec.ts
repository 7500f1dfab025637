import { expect, test } from '@playwright/test'
import { ADMIN, OPERATOR, signIn } from './support/app'

test('SHELL-01 SHELL-04 signing in shows the settings menu of the role', async ({ browser }) => {
  const admin = await browser.newPage()
  await signIn(admin, ADMIN)
  const nav = admin.getByRole('navigation')
  for (const item of [
    'Single-Variate',
    'Multi-Variate',
    'Alerts',
    'Limits',
    'Data Sources',
    'Signal Management',
    'Line Management',
    'Microsoft Teams',
    'ETQ Reliance',
    'Users',
  ]) {
    await expect(nav.getByRole('link', { name: item })).toBeVisible()
  }
  await admin.close()

  const operator = await browser.newPage()
  await signIn(operator, OPERATOR)
  const opNav = operator.getByRole('navigation')
  await expect(opNav.getByRole('link', { name: 'Line Management' })).toBeVisible()
  await expect(opNav.getByRole('link', { name: 'Data Sources' })).toHaveCount(0)
  await expect(opNav.getByRole('link', { name: 'Users' })).toHaveCount(0)
  // An administrators-only section in the URL falls back to the default section (SPC alert).
  await operator.goto('/settings?section=USER_MANAGEMENT', { waitUntil: 'domcontentloaded' })
  await expect(operator).toHaveURL(/section=SPC_ALERT/)
  await operator.close()
})

test('SHELL-04 a wrong password is refused with the server message', async ({ page }) => {
  await page.goto('/sign-in', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Invalid email or password')).toBeVisible()
})
