import { describe, expect, test } from 'vitest'
import type { ClassificationRow, Signal } from '../../../shared/schema/signal'
import { messageAt } from '../../../shared/validation/field-error'
import {
  associationsView,
  canBeFinal,
  canSaveClassifications,
  classificationViewEligibility,
  containerForEntityType,
  finalStationError,
  friendlyNameToSave,
  measurementLinks,
  newClassificationRow,
  sortClassificationRows,
  validateAssociation,
  validateClassificationRows,
  validateSignalFriendlyName,
} from '../../../shared/validation/signal-rules'

const signal = (overrides: Partial<Signal> = {}): Signal => ({
  id: 'S1',
  name: 'Torque',
  friendlyName: null,
  entityType: 'MEASUREMENT',
  isSignalActive: true,
  singleSide: null,
  upperLimit: null,
  lowerLimit: null,
  result: [],
  qualityCharacteristic: 'None',
  resultClassifications: [],
  stationId: 'ST1',
  stationName: 'Station 1',
  lineId: 'L1',
  ...overrides,
})

describe('SM-06 friendly name', () => {
  test.each([' Torque', '\tTorque', ' '])(
    "SM-06 %j is rejected with 'No leading spaces allowed.'",
    (name) => {
      expect(validateSignalFriendlyName(name)).toBe('No leading spaces allowed.')
    },
  )

  test.each([null, '', 'Torque', 'Torque A-1 (Nm)', 'Torque '])('SM-06 %j is accepted', (name) => {
    expect(validateSignalFriendlyName(name)).toBeUndefined()
  })

  test('SM-06 saving drops trailing spaces and stores a blank name as none', () => {
    expect(friendlyNameToSave('Torque  ')).toBe('Torque')
    expect(friendlyNameToSave('   ')).toBeNull()
  })
})

describe('SM-04 final station', () => {
  const station = { final: false }
  test('SM-04 a station with a result signal can be final', () => {
    const signals = [signal(), signal({ id: 'S2', entityType: 'RESULT' })]
    expect(canBeFinal(station, signals)).toBe(true)
    expect(finalStationError(station, signals, true)).toBeUndefined()
  })

  test("SM-04 a station without a result signal cannot be final: 'Only stations that contain a result signal can be designated as a Final Station'", () => {
    const signals = [signal(), signal({ id: 'S2', entityType: 'UPPER_LIMIT' })]
    expect(canBeFinal(station, signals)).toBe(false)
    expect(finalStationError(station, signals, true)).toBe(
      'Only stations that contain a result signal can be designated as a Final Station',
    )
  })

  test('SM-04 an already final station keeps the switch usable, so it can be switched off', () => {
    expect(canBeFinal({ final: true }, [])).toBe(true)
    expect(finalStationError({ final: true }, [], false)).toBeUndefined()
  })

  test('SM-04 an empty station cannot become final', () => {
    expect(finalStationError(station, [], true)).toBeDefined()
  })
})

describe('SM-10 association containers', () => {
  const empty = { measurement: [], upperLimit: [], lowerLimit: [], result: [] }

  test('SM-10 one of each is valid', () => {
    const c = { measurement: ['M1', 'M2'], upperLimit: ['U'], lowerLimit: ['L'], result: ['R'] }
    expect(validateAssociation(c, false)).toEqual([])
  })

  test("SM-10 no measurement is rejected with 'At least one measurement must be selected.'", () => {
    expect(validateAssociation(empty, false)).toEqual([
      { path: ['measurement'], message: 'At least one measurement must be selected.' },
    ])
  })

  test.each([
    ['upperLimit', 'No more than 1 upper limit may be selected.'],
    ['lowerLimit', 'No more than 1 lower limit may be selected.'],
    ['result', 'No more than 1 result may be selected.'],
  ] as const)("SM-10 two in %s are rejected with '%s'", (container, message) => {
    const errors = validateAssociation({ ...empty, measurement: ['M'], [container]: ['A', 'B'] }, false)
    expect(errors).toEqual([{ path: [container], message }])
  })

  test.each([
    ['no boundary', [], [], false],
    ['an upper limit only', ['U'], [], true],
    ['a lower limit only', [], ['L'], true],
    ['both boundaries', ['U'], ['L'], false],
  ] as const)('SM-10 Single Sided with %s', (_name, upperLimit, lowerLimit, ok) => {
    const errors = validateAssociation({ ...empty, measurement: ['M'], upperLimit, lowerLimit }, true)
    expect(messageAt(errors, 'boundary')).toBe(
      ok ? undefined : 'A single boundary must be selected when the signal is Single Sided.',
    )
  })

  test('SM-10 parts, units, component ids and unknown are shown under Measurement', () => {
    expect(
      (['MEASUREMENT', 'PART_ATTRIBUTE', 'UNITS', 'UNKNOWN', 'COMPONENT_ID'] as const).map(
        containerForEntityType,
      ),
    ).toEqual(['measurement', 'measurement', 'measurement', 'measurement', 'measurement'])
    expect(containerForEntityType('RESULT')).toBe('result')
  })

  test('SM-10 each measurement stores the limit and result links', () => {
    const c = { measurement: ['M'], upperLimit: ['U'], lowerLimit: [], result: ['R'] }
    expect(measurementLinks(c)).toEqual({ upperLimit: 'U', lowerLimit: null, result: ['R'] })
  })
})

describe('SM-11 classification rows', () => {
  const rows = (...values: string[]) => values.map((value) => ({ value, signalId: 'R1' }))

  test('SM-11 distinct values are valid', () => {
    expect(validateClassificationRows(rows('Scratch', 'Dent', 'OK'))).toEqual([])
  })

  test.each(['', '   '])("SM-11 value %j is required ('Value is required')", (value) => {
    expect(validateClassificationRows(rows('OK', value))).toEqual([
      { path: [1, 'value'], message: 'Value is required' },
    ])
  })

  test.each([
    ['exact', 'Scratch', 'Scratch'],
    ['case-insensitive', 'Scratch', 'SCRATCH'],
    ['trimmed', 'Scratch', ' scratch '],
  ])("SM-11 %s duplicates are all marked 'Value must be unique'", (_name, a, b) => {
    expect(validateClassificationRows(rows(a, 'Dent', b))).toEqual([
      { path: [0, 'value'], message: 'Value must be unique' },
      { path: [2, 'value'], message: 'Value must be unique' },
    ])
  })

  test('SM-11 values are unique per signal, not across signals', () => {
    expect(
      validateClassificationRows([
        { value: 'OK', signalId: 'R1' },
        { value: 'OK', signalId: 'R2' },
      ]),
    ).toEqual([])
  })

  test('SM-11 rows sort by value, naturally and case-insensitively', () => {
    const sorted = sortClassificationRows(rows('code 10', 'Code 2', 'b', 'A'))
    expect(sorted.map((r) => r.value)).toEqual(['A', 'b', 'Code 2', 'code 10'])
  })

  test("SM-11 a new row defaults to result 'other' and is marked new", () => {
    expect(newClassificationRow('row-1', 'R1')).toEqual({
      id: 'row-1',
      value: '',
      result: 'other',
      failureMode: null,
      isNew: true,
      signalId: 'R1',
    })
  })

  const row = (
    id: string,
    value: string,
    result: ClassificationRow['result'] = 'pass',
  ): ClassificationRow => ({
    id,
    value,
    result,
    failureMode: null,
    isNew: false,
    signalId: 'R1',
  })

  test('SM-11 Save is disabled until a valid change exists', () => {
    const original = [row('1', 'OK'), row('2', 'NOK', 'fail')]
    expect(canSaveClassifications(original, [...original].reverse())).toBe(false)
    expect(canSaveClassifications(original, [...original, newClassificationRow('3', 'R1')])).toBe(false)
    expect(
      canSaveClassifications(original, [...original, { ...newClassificationRow('3', 'R1'), value: 'Dent' }]),
    ).toBe(true)
    expect(canSaveClassifications(original, [row('1', 'OK', 'other'), original[1]!])).toBe(true)
    expect(canSaveClassifications(original, [row('1', 'OK'), row('2', 'ok', 'fail')])).toBe(false)
  })
})

describe('SM-11 viewing result classifications', () => {
  const result = (id: string, overrides: Partial<Signal> = {}) =>
    signal({ id, entityType: 'RESULT', ...overrides })

  test('SM-11 one result signal can be viewed', () => {
    expect(classificationViewEligibility([result('R1')])).toEqual({ ok: true })
  })

  test('SM-11 result signals with the same configuration can be viewed together', () => {
    expect(classificationViewEligibility([result('R1'), result('R2')])).toEqual({ ok: true })
  })

  test("SM-11 a non-result signal gives 'All selected signals must be of entity type result'", () => {
    expect(classificationViewEligibility([result('R1'), signal({ id: 'M1' })])).toEqual({
      ok: false,
      message: 'All selected signals must be of entity type result',
    })
  })

  test("SM-11 different status gives 'Only result signals with the same configuration can be selected to view together'", () => {
    expect(classificationViewEligibility([result('R1'), result('R2', { isSignalActive: false })])).toEqual({
      ok: false,
      message: 'Only result signals with the same configuration can be selected to view together',
    })
  })

  test('SM-11 associated and unassociated results are not the same configuration', () => {
    const measurement = signal({ id: 'M1', result: ['R1'] })
    const all = [measurement, result('R1'), result('R2')]
    expect(classificationViewEligibility([result('R1'), result('R2')], all)).toEqual({
      ok: false,
      message: 'Only result signals with the same configuration can be selected to view together',
    })
  })

  test("SM-11 nothing selected shows 'Configuring Signal Data'", () => {
    expect(classificationViewEligibility([])).toEqual({ ok: false, message: 'Configuring Signal Data' })
  })

  test("SM-09 the Associations label: 'No Associations Set', 'Mixed Associations', 'Cannot be Viewed for Multiple Signals'", () => {
    const m1 = signal({ id: 'M1', upperLimit: 'U1' })
    const m2 = signal({ id: 'M2', upperLimit: 'U2' })
    const u1 = signal({ id: 'U1', entityType: 'UPPER_LIMIT' })
    const lonely = signal({ id: 'M3' })
    const all = [m1, m2, u1, lonely]
    expect(associationsView([lonely], all)).toEqual({ ok: false, message: 'No Associations Set' })
    expect(associationsView([m1, lonely], all)).toEqual({ ok: false, message: 'Mixed Associations' })
    expect(associationsView([m1, m2], all)).toEqual({
      ok: false,
      message: 'Cannot be Viewed for Multiple Signals',
    })
    expect(associationsView([m1], all)).toEqual({ ok: true })
    expect(associationsView([u1], all)).toEqual({ ok: true })
  })
})
