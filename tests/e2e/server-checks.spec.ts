import { expect, test } from '@playwright/test'
import { apiAs, cellButton, editLineCell, HOURS, lineRow, OPERATOR } from './support/app'
import { openSyncedTablet } from './support/tablet'

/**
 * OFF-06 on a 1024×768 touch tablet signed in as an operator (role 'user'): the server checks every
 * change the device sends with the same rules the device applies (same refusal, same words), and
 * refuses what the role or the tenant forbids, changing nothing. What the role allows goes through,
 * offline first. The Machining line's threshold is put back at the end.
 */

const OTHER_ADMIN = { email: 'admin@other.plant', password: 'other-admin-1' }

interface Outcome {
  id: string
  status: 'applied' | 'rejected' | 'conflict'
  rejection?: { status: number; message: string }
}

test('OFF-06 the server refuses what the device would refuse, with the same message, and what the role or tenant forbids; an allowed change made offline goes through', async ({
  browser,
  request,
}) => {
  const admin = await apiAs(request)
  const before = await admin.get<{ ingestionThresholdHours: number }>('/api/lines/line-machining')
  const { context, page } = await openSyncedTablet(browser, OPERATOR, 'LINE_MANAGEMENT')

  // The same bad value over REST and through the device's own push: 400 / rejected, with one message.
  const tooMany = 1_000_001
  const rest = await page.request.patch('/api/lines/line-machining', {
    data: { ingestionThresholdHours: tooMany },
  })
  expect(rest.status()).toBe(400)
  const message = ((await rest.json()) as { error: { message: string } }).error.message
  // The spec's words for the threshold above its maximum (settings-area.md §5).
  expect(message).toBe('Must be less than or equal to 1000000')

  let n = 0
  const push = async (name: string, args: unknown, author = 'user-operator') => {
    const res = await page.request.post('/sync/intents', {
      data: {
        protocol: 1,
        intents: [
          {
            id: `e2e-off06-${Date.now()}-${n++}`,
            name,
            args,
            author,
            createdAt: new Date().toISOString(),
            base: [],
          },
        ],
      },
    })
    expect(res.status()).toBe(200)
    return ((await res.json()) as { results: Outcome[] }).results[0]!
  }
  const invalid = await push('updateLineSettings', {
    lineId: 'line-machining',
    changes: { ingestionThresholdHours: tooMany },
  })
  expect(invalid).toMatchObject({ status: 'rejected', rejection: { status: 400, message } })

  // The tablet refuses the same value offline with the same words, and keeps nothing.
  await context.setOffline(true)
  await editLineCell(page, HOURS, 'Machining Line', String(tooMany))
  await expect(page.getByText(message, { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced')

  // What the role forbids (adding a user is for administrators) and another user's action.
  const addUser = await push('addUser', {
    userId: 'e2e-off06-user',
    email: 'off06@demo.plant',
    locationName: 'Demo Plant',
    locationPlantId: 'plant-demo',
  })
  expect(addUser).toMatchObject({
    status: 'rejected',
    rejection: { status: 403, message: 'Forbidden resource' },
  })
  const notMine = await push(
    'updateLineSettings',
    { lineId: 'line-machining', changes: { ingestionThresholdHours: 5 } },
    'user-admin',
  )
  expect(notMine).toMatchObject({ status: 'rejected', rejection: { status: 403 } })
  // Another customer's line is not there for this session.
  const otherTenant = await push('updateLineSettings', {
    lineId: 'line-other',
    changes: { ingestionThresholdHours: 5 },
  })
  expect(otherTenant).toMatchObject({ status: 'rejected', rejection: { status: 404 } })

  // An allowed change, made offline, is delivered on reconnecting.
  const next = before.ingestionThresholdHours === 30 ? 31 : 30
  await editLineCell(page, HOURS, 'Machining Line', String(next))
  await expect(cellButton(page, HOURS, 'Machining Line')).toHaveText(String(next))
  await expect(lineRow(page, '^Machining Line').getByText('Pending')).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByTestId('pending-count')).toHaveText('All changes synced', { timeout: 30_000 })

  // Nothing of the refused ones was written: only the allowed value, no user, the other tenant untouched.
  expect(
    (await admin.get<{ ingestionThresholdHours: number }>('/api/lines/line-machining'))
      .ingestionThresholdHours,
  ).toBe(next)
  const users = await admin.get<Array<{ email: string }>>('/api/customer-users-for-user')
  expect(JSON.stringify(users)).not.toContain('off06@demo.plant')
  const other = await browser.newContext()
  const otherApi = await apiAs(other.request, OTHER_ADMIN)
  expect(
    (await otherApi.get<{ ingestionThresholdHours: number }>('/api/lines/line-other'))
      .ingestionThresholdHours,
  ).not.toBe(5)
  await other.close()

  expect(
    (
      await admin.patch('/api/lines/line-machining', {
        ingestionThresholdHours: before.ingestionThresholdHours,
      })
    ).status(),
  ).toBe(200)
  await context.close()
})
