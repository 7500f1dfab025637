import { describe, expect, it } from 'vitest'
import { fixedClock } from '../../../shared/time/clock'
import {
  allErrors,
  blockingErrors,
  changeLine,
  changePeriodMode,
  commitFrequency,
  correctValues,
  defaultName,
  formValuesOf,
  isDirty,
  monitorToSave,
  newFormValues,
  rebaseValues,
  summaryLine,
  validateForm,
  withFilter,
  withRecords,
  TABS_OF,
  type MonitorFormValues,
} from './form-state'
import { defaultAlertRuleFormValues } from '../../../shared/schema/alert-rule'

const clock = fixedClock('2026-11-23T12:00:00Z')
const scope = { cust_uuid: 'c', plant_uuid: 'p', line_uuid: 'line-1' }
const ctx = { clock }

const withSignals = (v: MonitorFormValues, ids: string[]) => withFilter(v, { signal_uuids: ids })
const named = (v: MonitorFormValues, name: string) => ({
  ...v,
  monitor: { ...v.monitor, monitor_name: name },
})

describe('monitor form state', () => {
  it('MON-09 a new MVD form: empty name, active, 60 min, medium, empty notes, no uuid, no exclusions, rules off', () => {
    const v = newFormValues('mvd', scope, clock)
    expect(v.monitor).toMatchObject({
      monitor_name: '',
      monitor_type: 'mvd',
      active: true,
      frequency: 60,
      notes: '',
      use_excluded_part_ids: false,
      use_excluded_model_numbers: false,
    })
    expect(v.monitor.monitor_uuid).toBeUndefined()
    expect(v.monitor.monitor_filter).toMatchObject({
      line_uuid: 'line-1',
      alert_threshold: 'medium',
      sample_size: 150,
    })
    expect(v.rules).toEqual(defaultAlertRuleFormValues)
    // The period: the last sample-size records up to now.
    expect(v.period).toMatchObject({
      start_mode: 'RECORDS',
      end_mode: 'TIME',
      end_time: '2026-11-23T12:00:00.000Z',
    })
  })

  it('MON-05 the SVD form starts with its filter tab, then signal selection, then alert rules', () => {
    expect(TABS_OF.svd).toEqual(['filters', 'signals', 'rules'])
    expect(TABS_OF.mvd).toEqual(['signals', 'filters', 'rules'])
  })

  it('MON-01 Default gives the next free name of the type on the line', () => {
    expect(defaultName('mvd', ['MVD Monitor 1', 'mvd monitor 2 ', 'Other'])).toBe('MVD Monitor 3')
    expect(defaultName('svd', [])).toBe('SVD Monitor 1')
  })

  it('MON-04 frequency: whole, clamped to 1–10080, empty falls back to the minimum', () => {
    const v = newFormValues('mvd', scope, clock)
    expect(commitFrequency(v, '15').monitor.frequency).toBe(15)
    expect(commitFrequency(v, '0').monitor.frequency).toBe(1)
    expect(commitFrequency(v, '').monitor.frequency).toBe(1)
    expect(commitFrequency(v, '99999').monitor.frequency).toBe(10080)
  })

  it('SIG-04 changing line clears signals, groups, part numbers, part attributes and classifications; the same line keeps them', () => {
    let v = withFilter(newFormValues('mvd', scope, clock), {
      signal_uuids: ['s1', 's2'],
      signal_group_uuids: ['g1'],
      part_numbers: ['MX-100'],
      part_attributes: [{ attributeUuid: 'a', selectedAttributeValues: ['x'] }],
    })
    v = { ...v, resultClassifications: ['OK'] }
    expect(changeLine(v, 'line-1')).toBe(v)
    const moved = changeLine(v, 'line-2')
    expect(moved.monitor.monitor_filter).toMatchObject({
      line_uuid: 'line-2',
      signal_uuids: [],
      signal_group_uuids: [],
      part_numbers: [],
      part_attributes: [],
    })
    expect(moved.resultClassifications).toEqual([])
  })

  it('FLT-04 the filter is corrected on change: records clamped to [50, 100000], durations to [1 min, 50 h], ratio to 4 decimals', () => {
    const v = newFormValues('mvd', scope, clock)
    expect(withRecords(v, 10).monitor.monitor_filter.sample_size).toBe(50)
    expect(withRecords(v, null).monitor.monitor_filter.sample_size).toBe(150)
    expect(withRecords(v, 1_000_000).monitor.monitor_filter.sample_size).toBe(100_000)
    const corrected = correctValues({
      ...withFilter(v, { evaluation_ratio: 0.123456 }),
      period: { ...v.period, start_duration: 5, end_duration: null },
    })
    expect(corrected.monitor.monitor_filter.evaluation_ratio).toBe(0.1235)
    expect(corrected.period.start_duration).toBe(60_000)
    expect(corrected.period.end_duration).toBe(3_600_000)
    // Idempotent: a corrected form is returned as it is.
    expect(correctValues(corrected)).toBe(corrected)
  })

  it('FLT-02 a selector set to Duration or Records moves the other one to Time', () => {
    const p = newFormValues('mvd', scope, clock).period
    expect(changePeriodMode(p, 'end', 'DURATION')).toMatchObject({ start_mode: 'TIME', end_mode: 'DURATION' })
    expect(changePeriodMode(p, 'start', 'TIME')).toMatchObject({ start_mode: 'TIME', end_mode: 'TIME' })
  })

  it('SIG-06 MON-05 signal selection: MVD needs 2 signals or a group, SVD exactly one signal', () => {
    const mvd = named(newFormValues('mvd', scope, clock), 'M')
    expect(validateForm(mvd, ctx).signals.map((e) => e.message)).toEqual([
      'At least 2 items must be selected',
    ])
    expect(validateForm(withSignals(mvd, ['a', 'b']), ctx).signals).toEqual([])
    expect(validateForm(withFilter(mvd, { signal_group_uuids: ['g'] }), ctx).signals).toEqual([])
    const svd = named(newFormValues('svd', scope, clock), 'S')
    expect(validateForm(svd, ctx).signals.map((e) => e.message)).toEqual(['Signal selection is required'])
    expect(validateForm(withSignals(svd, ['a']), ctx).signals).toEqual([])
    expect(validateForm(withSignals(svd, ['a', 'b']), ctx).signals).toHaveLength(1)
  })

  it('FLT-10 period errors use the MVD and SVD wording; a future end time is invalid', () => {
    const mvd = withSignals(named(newFormValues('mvd', scope, clock), 'M'), ['a', 'b'])
    const future = { ...mvd, period: { ...mvd.period, end_time: '2026-11-24T12:00:00Z' } }
    expect(validateForm(future, ctx).filters.map((e) => e.message)).toEqual(['Invalid Start End'])
    const svd = withSignals(named(newFormValues('svd', scope, clock), 'S'), ['a'])
    const both = {
      ...svd,
      period: {
        ...svd.period,
        start_mode: 'TIME' as const,
        start_time: '2026-11-23T11:00:00Z',
        end_time: '2026-11-23T10:00:00Z',
      },
    }
    expect(validateForm(both, ctx).filters.map((e) => e.message)).toEqual([
      'Start time must be less then end time',
    ])
    const bad = { ...svd, period: { ...svd.period, end_time: null } }
    expect(validateForm(bad, ctx).filters.map((e) => e.message)).toEqual(['Invalid End Time'])
  })

  it('FLT-09 part attributes: a missing name or value is required; an unknown attribute is not found', () => {
    const v = withFilter(withSignals(named(newFormValues('mvd', scope, clock), 'M'), ['a', 'b']), {
      part_attributes: [
        { attributeUuid: '', selectedAttributeValues: [] },
        { attributeUuid: 'gone', selectedAttributeValues: ['x'] },
      ],
    })
    expect(validateForm(v, { clock, knownAttributeIds: ['pa-1'] }).filters.map((e) => e.message)).toEqual([
      'Selection is required',
      'Some part attributes were not found in collection',
    ])
  })

  it('MON-03 leaving a tab is blocked by its own errors and the name row, not by other tabs', () => {
    const v = newFormValues('mvd', scope, clock)
    const errors = validateForm(v, ctx)
    // No name and no signals: both block the Signals tab; the summary names the fields.
    expect(blockingErrors(errors, 'signals').map(summaryLine)).toEqual([
      'Monitor name: Monitor name is required',
      'Signal selection: At least 2 items must be selected',
    ])
    const ok = withSignals(named(v, 'Line 1 drift'), ['a', 'b'])
    expect(blockingErrors(validateForm(ok, ctx), 'signals')).toEqual([])
    // RULE-02: a rule that is on and out of bounds blocks its tab and saving; off, it does not.
    const runs = { ...ok.rules.ExceedanceRuns, runs: '1000' }
    const offRule = { ...ok, rules: { ...ok.rules, ExceedanceRuns: runs } }
    expect(allErrors(validateForm(offRule, ctx))).toEqual([])
    const onRule = { ...ok, rules: { ...ok.rules, ExceedanceRuns: { ...runs, on: true } } }
    expect(blockingErrors(validateForm(onRule, ctx), 'rules').map(summaryLine)).toEqual([
      'Exceedance Runs: Runs must be 999 or less',
    ])
    expect(blockingErrors(validateForm(onRule, ctx), 'signals')).toEqual([])
  })

  it('MON-01 notes longer than 1000 characters say the limit', () => {
    const v = withSignals(named(newFormValues('mvd', scope, clock), 'M'), ['a', 'b'])
    const long = { ...v, monitor: { ...v.monitor, notes: 'x'.repeat(1001) } }
    expect(validateForm(long, ctx).general.map((e) => e.message)).toEqual(['Max length: 1000 characters'])
  })

  it('MON-06 create mints the uuid and takes Deploy on create as active; edit keeps both; rules in seconds', () => {
    const v = withSignals(named(newFormValues('mvd', scope, clock), ' Drift '), ['a', 'b'])
    const created = monitorToSave(v, 'CREATE', false, () => 'new-id')
    expect(created?.monitor).toMatchObject({ monitor_uuid: 'new-id', monitor_name: 'Drift', active: false })
    expect(created?.rules.map((r) => r.type)).toEqual(['Consecutive', 'ExceedanceRuns', 'ExceedanceTime'])
    expect(created?.rules[2]?.details.seconds).toBe(900)
    // MON-06: an edit without a uuid cannot be saved (the error confirm).
    expect(monitorToSave(v, 'EDIT', true, () => 'x')).toBeUndefined()
  })

  it('MON-01 an existing monitor loads with its rules; unsaved changes are detected', () => {
    const base = newFormValues('mvd', scope, clock).monitor
    const stored = { ...base, monitor_uuid: 'm1', monitor_name: 'Stored', frequency: 30 }
    const v = formValuesOf(stored, [{ type: 'Consecutive', active: true, details: { breaches: 3 } }], clock)
    expect(v.monitor.monitor_uuid).toBe('m1')
    expect(v.rules.Consecutive).toEqual({ on: true, breaches: '3' })
    expect(isDirty(v, v)).toBe(false)
    expect(isDirty(v, commitFrequency(v, '45'))).toBe(true)
    const saved = monitorToSave(v, 'EDIT', false, () => 'ignored')
    expect(saved?.monitor).toMatchObject({ monitor_uuid: 'm1', active: true })
  })
})

describe('monitor form following the stored monitor', () => {
  it('OFF-05 a field changed elsewhere is taken when untouched here, kept and named when the user changed it', () => {
    const base = newFormValues('mvd', scope, clock).monitor
    const stored = formValuesOf(
      { ...base, monitor_uuid: 'm1', monitor_name: 'A', frequency: 30 },
      undefined,
      clock,
    )
    const mine = commitFrequency(stored, '45')
    const theirs = formValuesOf(
      { ...base, monitor_uuid: 'm1', monitor_name: 'B', frequency: 20, notes: 'x' },
      [{ type: 'Consecutive', active: true, details: { breaches: 2 } }],
      clock,
    )
    const next = rebaseValues(stored, mine, theirs)
    expect(next.values.monitor).toMatchObject({ monitor_name: 'B', frequency: 45, notes: 'x' })
    expect(next.values.rules.Consecutive).toEqual({ on: true, breaches: '2' })
    expect(next.underneath).toEqual(['Frequency'])
    expect(next.initial.monitor.frequency).toBe(20)
  })
})
