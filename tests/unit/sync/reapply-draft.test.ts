import { describe, expect, it } from 'vitest'
import {
  applyDraft,
  draftFields,
  hasEditableField,
  refusedForItsValues,
  type DraftField,
} from '../../../client/features/sync/reapply-draft'

/** OFF-04: what a refused action tried, as fields to correct before Re-apply (client/features/sync). */
const lines = new Map([
  ['line-a', 'Assembly Line'],
  ['line-p', 'Paint Line'],
])

describe('OFF-04 re-apply draft', () => {
  it('turns the values of an action into fields and leaves its target ids out', () => {
    const fields = draftFields(
      {
        lineId: 'line-a',
        changes: { friendlyName: 'Body', ingestionThresholdHours: 4, feederLineIds: ['line-p'] },
      },
      lines,
    )
    expect(fields.map((f) => [f.path.join('.'), f.kind])).toEqual([
      ['changes.friendlyName', 'text'],
      ['changes.ingestionThresholdHours', 'number'],
      ['changes.feederLineIds', 'lines'],
    ])
    expect(hasEditableField(fields)).toBe(true)
  })

  it('shows values it cannot edit (unknown ids, nested objects) as fixed', () => {
    const fields = draftFields(
      { monitorId: 'm1', filter: { period: { start: { mode: 'TIME' } } }, tags: ['x'] },
      lines,
    )
    expect(fields.map((f) => f.kind)).toEqual(['fixed', 'fixed'])
    expect(hasEditableField(fields)).toBe(false)
  })

  it('editing nothing gives the same arguments back; an edit replaces only its own value', () => {
    const args = {
      lineId: 'line-a',
      changes: { friendlyName: 'Body', alertViewingWindowDays: 7 },
      active: true,
    }
    const fields = draftFields(args, lines)
    expect(applyDraft(args, fields)).toEqual(args)
    const edited = fields.map((f) =>
      f.name === 'friendlyName' ? ({ ...f, value: 'Body 2' } as DraftField) : f,
    )
    expect(applyDraft(args, edited)).toEqual({
      ...args,
      changes: { ...args.changes, friendlyName: 'Body 2' },
    })
    expect(args.changes.friendlyName).toBe('Body')
  })

  it('only refusals about the values make Re-apply ask for a correction first', () => {
    expect([400, 409, 422].every(refusedForItsValues)).toBe(true)
    expect([401, 403, 404, 500].some(refusedForItsValues)).toBe(false)
  })
})
