import { describe, expect, it } from 'vitest'
import {
  commonValue,
  entityTypeChangeSummary,
  entityTypeOptions,
  signalStatus,
} from '../../../client/features/signals/signal-summary'
import { noFeatureFlags } from '../../../shared/schema/plant'
import { classificationViewEligibility, associationsView } from '../../../shared/validation/signal-rules'
import { LINE, signal } from '../intents/signal-documents'

/** SM-05, SM-07, SM-09, SM-11: what the details pane shows for a selection. */
const line = Object.values(LINE).filter((s) => s.lineId === 'line-1')

describe('signal details of a selection', () => {
  it('SM-05 status is On, Off or Mixed', () => {
    const off = signal('o', { isSignalActive: false })
    expect(signalStatus([LINE.m1])).toBe('on')
    expect(signalStatus([off])).toBe('off')
    expect(signalStatus([LINE.m1, off])).toBe('mixed')
  })

  it('SM-09 a field shows the shared value, or none when the signals differ', () => {
    expect(commonValue([LINE.m1, LINE.m2], (s) => s.entityType)).toBe('MEASUREMENT')
    expect(commonValue([LINE.m1, LINE.u1], (s) => s.entityType)).toBeUndefined()
  })

  it('SM-07 limit, result and component types are offered only with their flags', () => {
    expect(entityTypeOptions(noFeatureFlags(), ['MEASUREMENT'])).toEqual([
      'MEASUREMENT',
      'PART_ATTRIBUTE',
      'UNITS',
      'UNKNOWN',
    ])
    expect(
      entityTypeOptions({ ...noFeatureFlags(), resultEntityTypeSelection: true }, ['UPPER_LIMIT']),
    ).toEqual(['MEASUREMENT', 'PART_ATTRIBUTE', 'UPPER_LIMIT', 'RESULT', 'UNITS', 'UNKNOWN'])
  })

  it('SM-07 the summary lists the conversions and every dissociation, on the signal and on others', () => {
    const summary = entityTypeChangeSummary([LINE.m1, LINE.r1], line, 'UNKNOWN')
    expect(summary.conversions.map((c) => [c.signal.id, c.from, c.to])).toEqual([
      ['m1', 'MEASUREMENT', 'UNKNOWN'],
      ['r1', 'RESULT', 'UNKNOWN'],
    ])
    expect(summary.dissociations).toEqual([
      { from: 'm1', role: 'upperLimit', to: 'u1' },
      { from: 'm1', role: 'lowerLimit', to: 'l1' },
      { from: 'm1', role: 'result', to: 'r1' },
      { from: 'm2', role: 'result', to: 'r1' },
    ])
    expect(entityTypeChangeSummary([LINE.x1], line, 'PART_ATTRIBUTE').dissociations).toEqual([])
  })

  it('SM-11 the view-eligibility messages', () => {
    expect(classificationViewEligibility([LINE.r1, LINE.m1], line)).toEqual({
      ok: false,
      message: 'All selected signals must be of entity type result',
    })
    const lone = signal('r2', { entityType: 'RESULT' })
    expect(classificationViewEligibility([LINE.r1, lone], [...line, lone])).toEqual({
      ok: false,
      message: 'Only result signals with the same configuration can be selected to view together',
    })
    expect(associationsView([LINE.x1], line)).toEqual({ ok: false, message: 'No Associations Set' })
    expect(associationsView([LINE.x1, LINE.m1], line)).toEqual({ ok: false, message: 'Mixed Associations' })
    expect(associationsView([LINE.m1, LINE.m2], line)).toEqual({
      ok: false,
      message: 'Cannot be Viewed for Multiple Signals',
    })
  })
})
