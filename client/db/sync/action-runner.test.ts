import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { SessionCode } from '../session/session-code-loader'
import { DeviceDb, type SyncIssue } from '../storage/device-db'
import type { LocalStore } from '../storage/local-store'
import { ActionRunner } from './action-runner'
import type { LocalOutcome } from './local-intents'
import { Outbox } from './outbox'
import type { PendingAction } from './pending-changes'
import { testUser } from '../test-users'

/** Running actions and keeping refused ones as sync issues (action-runner.ts). */
const user = testUser('user')

const action: PendingAction = {
  seq: 1,
  id: 'a1',
  name: 'updateLineSettings',
  args: { lineId: 'L1', changes: { friendlyName: 'Paint' } },
  author: 'u1',
  createdAt: '2026-11-26T10:00:00.000Z',
  description: 'Change settings of Paint',
  base: [],
  changes: [],
}

function setUp(outcome: LocalOutcome) {
  const device = new DeviceDb(`runner-${Math.random().toString(36).slice(2)}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const ran: unknown[] = []
  const code = {
    runLocally: async (_s: unknown, _o: unknown, actor: unknown, name: string, args: unknown) => {
      ran.push({ actor, name, args })
      return outcome
    },
  } as unknown as SessionCode
  const runner = new ActionRunner({
    device,
    outbox: new Outbox(device),
    store: () => ({}) as LocalStore,
    whenOpen: async () => ({}) as LocalStore,
    user: () => user,
    code: () => code,
  })
  return { device, runner, ran }
}

describe('actions and sync issues', () => {
  it('OFF-04 a refused action is stored as a sync issue and announced with its id', async () => {
    const { device, runner } = setUp({ status: 'unchanged' })
    const seen: SyncIssue[] = []
    runner.onIssue((issue) => seen.push(issue))
    const rejection = { code: 'DUPLICATE_MONITOR', status: 409, message: 'duplicate' } as const
    await runner.recordIssue(action, { id: 'a1', status: 'rejected', rejection })
    const stored = await device.issues.toArray()
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({
      kind: 'rejection',
      rejection,
      action: { name: action.name, args: action.args },
    })
    expect(seen).toEqual([{ ...stored[0] }])
  })

  it('OFF-05 a conflict keeps the fields the server won', async () => {
    const { device, runner } = setUp({ status: 'unchanged' })
    const conflicts = [
      { collection: 'lines', id: 'L1', field: 'friendlyName', localValue: 'A', serverValue: 'B' },
    ]
    await runner.recordIssue(action, {
      id: 'a1',
      status: 'conflict',
      rejection: { code: 'CONFLICT', status: 409, message: 'conflict' },
      conflicts,
    } as never)
    expect((await device.issues.toArray())[0]).toMatchObject({ kind: 'conflict', conflicts })
  })

  it('OFF-04 re-apply runs the action again as the signed-in user, with edited arguments, and clears the issue unless refused', async () => {
    const saved = setUp({ status: 'unchanged' })
    const rejection = { code: 'VALIDATION', status: 400, message: 'no' } as const
    await saved.runner.recordIssue(action, { id: 'a1', status: 'rejected', rejection })
    const [issue] = await saved.device.issues.toArray()
    await saved.runner.reapply(issue!, { lineId: 'L1', changes: { friendlyName: 'Press' } })
    expect(saved.ran).toEqual([
      {
        actor: { ...user, userId: 'u1' },
        name: 'updateLineSettings',
        args: { lineId: 'L1', changes: { friendlyName: 'Press' } },
      },
    ])
    expect(await saved.device.issues.count()).toBe(0)

    const refused = setUp({ status: 'refused', rejection })
    await refused.runner.recordIssue(action, { id: 'a1', status: 'rejected', rejection })
    const [kept] = await refused.device.issues.toArray()
    await refused.runner.reapply(kept!)
    expect(await refused.device.issues.count()).toBe(1)
    await refused.runner.discard(kept!)
    expect(await refused.device.issues.count()).toBe(0)
  })
})
