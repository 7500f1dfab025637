import { Result, Schema } from 'effect'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { FREQUENCY_MAX_MINUTES, FREQUENCY_MIN_MINUTES, NOTES_MAX_LENGTH } from '../../../shared/constants'
import { newMvdMonitor, ValidMonitorDraft } from '../../../shared/schema/monitor'
import type { MonitorDraft } from '../../../shared/schema/monitor'
import { messageAt } from '../../../shared/validation/field-error'
import {
  clampFrequency,
  monitorFieldLabel,
  nextDefaultMonitorName,
  validateFrequency,
  validateMonitorDraft,
  validateMonitorName,
  validateMvdSignalSelection,
  validateNotes,
  validateSignalSelection,
  validateSvdSignalSelection,
  validateWizardSignalSelection,
} from '../../../shared/validation/monitor-rules'

// Frequency bounds, notes and name limits are "not shown" in the spec: they come from constants.
// Every message below is copied from the spec text (monitors §5 and the generic text rules).
const SIGNALS = ['monitor_filter', 'signal_uuids'] as const
const selection = (signal_uuids: ReadonlyArray<string>, signal_group_uuids: ReadonlyArray<string> = []) => ({
  signal_uuids,
  signal_group_uuids,
})
const outcome = (expected: string | undefined) =>
  expected === undefined ? 'is accepted' : `is rejected with '${expected}'`

describe('SIG-06 MVD signal selection', () => {
  const rows: ReadonlyArray<
    readonly [string, ReadonlyArray<string>, ReadonlyArray<string>, string | undefined]
  > = [
    ['no signals and no group', [], [], 'At least 2 items must be selected'],
    ['1 signal', ['s1'], [], 'At least 2 items must be selected'],
    ['the same signal twice', ['s1', 's1'], [], 'At least 2 items must be selected'],
    ['2 signals', ['s1', 's2'], [], undefined],
    ['1 group', [], ['g1'], undefined],
    ['1 signal and 1 group', ['s1'], ['g1'], undefined],
  ]
  test.each(
    rows.map(([what, s, g, expected]) => [`SIG-06 ${what} ${outcome(expected)}`, s, g, expected] as const),
  )('%s', (_title, signals, groups, expected) => {
    expect(messageAt(validateMvdSignalSelection(selection(signals, groups)), ...SIGNALS)).toBe(expected)
  })

  test("SIG-06 the error belongs to the field 'Signal selection'", () => {
    const [error] = validateMvdSignalSelection(selection([]))
    expect(error && monitorFieldLabel(error.path)).toBe('Signal selection')
  })

  test("SIG-06 wizard with nothing selected: 'Please select at least 1 signal.'", () => {
    expect(messageAt(validateWizardSignalSelection(selection([])), ...SIGNALS)).toBe(
      'Please select at least 1 signal.',
    )
    expect(validateWizardSignalSelection(selection(['s1']))).toEqual([])
  })
})

describe('MON-05 SVD signal selection', () => {
  const rows: ReadonlyArray<
    readonly [string, ReadonlyArray<string>, ReadonlyArray<string>, string | undefined]
  > = [
    ['no signal', [], [], 'Signal selection is required'],
    ['exactly 1 signal', ['s1'], [], undefined],
    ['2 signals', ['s1', 's2'], [], 'Signal selection is required'],
    ['1 signal and 1 group', ['s1'], ['g1'], 'Signal selection is required'],
  ]
  test.each(
    rows.map(([what, s, g, expected]) => [`MON-05 ${what} ${outcome(expected)}`, s, g, expected] as const),
  )('%s', (_title, signals, groups, expected) => {
    expect(messageAt(validateSvdSignalSelection(selection(signals, groups)), ...SIGNALS)).toBe(expected)
    expect(messageAt(validateSignalSelection('svd', selection(signals, groups)), ...SIGNALS)).toBe(expected)
  })
})

describe('MON-04 frequency', () => {
  test.each([
    ['empty text', FREQUENCY_MIN_MINUTES, ''],
    ['blank text', FREQUENCY_MIN_MINUTES, '   '],
    ['no value', FREQUENCY_MIN_MINUTES, undefined],
    ['text that is not a number', FREQUENCY_MIN_MINUTES, 'abc'],
    ['one below the minimum', FREQUENCY_MIN_MINUTES, String(FREQUENCY_MIN_MINUTES - 1)],
    ['the minimum', FREQUENCY_MIN_MINUTES, FREQUENCY_MIN_MINUTES],
    ['the maximum', FREQUENCY_MAX_MINUTES, String(FREQUENCY_MAX_MINUTES)],
    ['one above the maximum', FREQUENCY_MAX_MINUTES, FREQUENCY_MAX_MINUTES + 1],
    ['15.6', 16, '15.6'],
    ['15', 15, '15'],
  ] as const)('MON-04 a frequency of %s is committed as %d', (_what, expected, raw) => {
    expect(clampFrequency(raw)).toBe(expected)
  })

  test('MON-04 clamping always gives a whole number within the bounds and is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.string(), fc.integer().map(String)), (raw) => {
        const value = clampFrequency(raw)
        expect(Number.isInteger(value)).toBe(true)
        expect(value).toBeGreaterThanOrEqual(FREQUENCY_MIN_MINUTES)
        expect(value).toBeLessThanOrEqual(FREQUENCY_MAX_MINUTES)
        expect(clampFrequency(value)).toBe(value)
      }),
    )
  })

  test.each(
    (
      [
        [FREQUENCY_MIN_MINUTES - 1, `Frequency must be at least ${FREQUENCY_MIN_MINUTES}`],
        [FREQUENCY_MIN_MINUTES, undefined],
        [FREQUENCY_MAX_MINUTES, undefined],
        [FREQUENCY_MAX_MINUTES + 1, `Frequency must be at most ${FREQUENCY_MAX_MINUTES}`],
        [1.5, 'Frequency must be a whole number'],
      ] as const
    ).map(
      ([frequency, expected]) =>
        [`MON-04 a stored frequency of ${frequency} ${outcome(expected)}`, frequency, expected] as const,
    ),
  )('%s', (_title, frequency, expected) => {
    expect(messageAt(validateFrequency(frequency), 'frequency')).toBe(expected)
  })
})

describe('MON-01 name and notes', () => {
  test(`MON-01 notes of ${NOTES_MAX_LENGTH} characters are accepted`, () => {
    expect(validateNotes('x'.repeat(NOTES_MAX_LENGTH))).toEqual([])
  })
  test(`MON-01 notes of ${NOTES_MAX_LENGTH + 1} characters are rejected with 'Max length: N characters'`, () => {
    expect(messageAt(validateNotes('x'.repeat(NOTES_MAX_LENGTH + 1)), 'notes')).toBe(
      `Max length: ${NOTES_MAX_LENGTH} characters`,
    )
  })
  test.each(['', '   '])("MON-01 a name of '%s' is rejected with 'Monitor name is required'", (name) => {
    expect(messageAt(validateMonitorName(name), 'monitor_name')).toBe('Monitor name is required')
  })

  test.each([
    ['mvd', [], 'MVD Monitor 1'],
    ['mvd', ['MVD Monitor 1', 'MVD Monitor 3'], 'MVD Monitor 2'],
    ['mvd', ['MVD Monitor 1', 'MVD Monitor 2'], 'MVD Monitor 3'],
    ['mvd', ['mvd monitor 1 ', 'Line 4 drift'], 'MVD Monitor 2'],
    ['svd', ['MVD Monitor 1'], 'SVD Monitor 1'],
  ] as const)("MON-01 Default button for %s with names %j gives '%s'", (type, names, expected) => {
    expect(nextDefaultMonitorName(type, names)).toBe(expected)
  })
})

describe('MON-09 / MON-03 a whole monitor', () => {
  const fresh = newMvdMonitor({ cust_uuid: 'c', plant_uuid: 'p', line_uuid: 'l' })

  test('MON-09 a new MVD monitor needs a name and signals before it can be saved', () => {
    expect(validateMonitorDraft(fresh).map((e) => e.message)).toEqual([
      'Monitor name is required',
      'At least 2 items must be selected',
    ])
  })

  test('MON-03 a named monitor with two signals is valid, and the schema says so too', () => {
    const ready: MonitorDraft = {
      ...fresh,
      monitor_name: 'MVD Monitor 1',
      monitor_filter: { ...fresh.monitor_filter, signal_uuids: ['s1', 's2'] },
    }
    expect(validateMonitorDraft(ready)).toEqual([])
    expect(Schema.decodeUnknownSync(ValidMonitorDraft)(ready)).toEqual(ready)
  })

  test('MON-03 decoding an invalid monitor fails with the rule messages', () => {
    const result = Schema.decodeUnknownResult(ValidMonitorDraft)(fresh)
    expect(Result.isFailure(result) && result.failure.message).toContain('Monitor name is required')
  })
})
