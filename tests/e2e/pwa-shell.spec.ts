import { test, expect } from '@playwright/test'

test('OFF-01 the app shell is served with an installable manifest and a service worker', async ({
  page,
  request,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Quality Monitoring' })).toBeVisible()

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(manifestHref).toBeTruthy()
  const manifest = await (await request.get(manifestHref!)).json()
  expect(manifest.display).toBe('standalone')
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes)
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src)
    expect(res.headers()['content-type']).toContain('image/png')
  }

  const sw = await request.get('/sw.js')
  expect(sw.status()).toBe(200)
  expect(await sw.text()).toContain('precache')
})

test('OFF-01 deep links are answered with the app shell, API paths are not', async ({ request }) => {
  const deep = await request.get('/settings?section=LINE_MANAGEMENT')
  expect(deep.status()).toBe(200)
  expect(await deep.text()).toContain('<div id="root">')
})
