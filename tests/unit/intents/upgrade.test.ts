import { describe, expect, test } from 'vitest'
import { upgradeAction } from '../../../shared/intents'
import { upgradeArgs } from '../../../shared/intents/upgrade'

/**
 * Intent versions (docs/sync-protocol.md): an action of another app version is brought to this
 * version's arguments step by step, or refused with a reason a sync issue can show.
 */

// A version-3 intent whose arguments were renamed twice: { line } → { lineId } → { lineId, on }.
const renamed = {
  version: 3,
  upgrades: {
    1: (args: unknown) => {
      const { line, ...rest } = args as { line?: unknown }
      if (typeof line !== 'string') throw new Error('it names no line.')
      return { ...rest, lineId: line }
    },
    2: (args: unknown) => ({ ...(args as object), on: true }),
  },
}

describe('intent versions', () => {
  test('an action without a version is of version 1 and runs through every step', () => {
    expect(upgradeArgs(renamed, undefined, { line: 'line-paint' })).toEqual({
      ok: true,
      args: { lineId: 'line-paint', on: true },
      version: 3,
      upgraded: true,
    })
    expect(upgradeArgs(renamed, 2, { lineId: 'line-paint' })).toEqual({
      ok: true,
      args: { lineId: 'line-paint', on: true },
      version: 3,
      upgraded: true,
    })
  })

  test('an action of the current version is left as it is', () => {
    const args = { lineId: 'line-paint', on: false }
    const result = upgradeArgs(renamed, 3, args)
    expect(result).toEqual({ ok: true, args, version: 3, upgraded: false })
    expect(result.ok && result.args).toBe(args)
  })

  test('a step that cannot upgrade refuses with its reason', () => {
    expect(upgradeArgs(renamed, 1, { changes: {} })).toEqual({
      ok: false,
      reason: 'This change was made by an older version of the app and cannot be applied: it names no line.',
    })
  })

  test('a version newer than this host knows is refused', () => {
    expect(upgradeArgs(renamed, 4, {})).toEqual({
      ok: false,
      reason:
        'This change was made by a newer version of the app and cannot be applied here. Update the app, then re-apply it.',
    })
  })

  test('a missing step and a version that is not one are refused', () => {
    const gap = { version: 3, upgrades: { 2: (args: unknown) => args } }
    expect(upgradeArgs(gap, 1, {})).toEqual({
      ok: false,
      reason:
        'This change was made by an older version of the app and cannot be applied: there is no upgrade from its version 1.',
    })
    expect(upgradeArgs(renamed, 0, {}).ok).toBe(false)
    expect(upgradeArgs(renamed, 1.5, {}).ok).toBe(false)
  })

  test('an action of an intent still at version 1 is taken as it is', () => {
    const args = { lineId: 'line-paint', active: false }
    expect(upgradeAction('setLineActive', undefined, args)).toEqual({
      ok: true,
      args,
      version: 1,
      upgraded: false,
    })
  })

  test('an action that no longer exists is refused by name', () => {
    expect(upgradeAction('renameLine', 1, {})).toEqual({
      ok: false,
      reason:
        'This change was made by an older version of the app and cannot be applied: the action "renameLine" no longer exists.',
    })
  })
})
