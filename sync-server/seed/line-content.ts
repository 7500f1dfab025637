import type { Signal } from '../../shared/schema/signal'
import type { SignalLimitEntry, Limit } from '../../shared/schema/signal-limit'
import { DEFAULT_MODEL_NUMBER } from '../../shared/constants'
import type { PlantBuilder } from './plant-builder'

const STATION_NAMES = ['Press', 'Weld', 'Inspect', 'End of Line'] as const
const MEASURES = [
  'Torque',
  'Angle',
  'Pressure',
  'Current',
  'Voltage',
  'Gap',
  'Flatness',
  'Temperature',
] as const
const CLASSIFICATIONS: Signal['resultClassifications'] = [
  { value: 'OK', result: 'pass', failureMode: null },
  { value: 'NOK', result: 'fail', failureMode: 'Out of tolerance' },
  { value: 'NOK-TORQUE', result: 'fail', failureMode: 'Low torque' },
  { value: 'Rework', result: 'other', failureMode: null },
]

export interface LineContent {
  readonly measurements: ReadonlyArray<Signal>
  readonly groups: ReadonlyArray<{ readonly id: string; readonly signalIds: ReadonlyArray<string> }>
  readonly limited: ReadonlyArray<Signal>
}

/**
 * A realistic line: three working stations with measurements, each measurement associated with its
 * limit signals and (mostly) a result signal; a final station holding the line's result; the other
 * entity types; signal groups and capability limits.
 */
export function buildLineContent(b: PlantBuilder, lineId: string, measurementsPerStation = 3): LineContent {
  const measurements: Signal[] = []
  const limited: Signal[] = []
  for (let s = 1; s <= 3; s++) {
    const station = b.station(lineId, s, STATION_NAMES[s - 1]!)
    const result = b.signal(station, 'result', `${station.name} Result`, 'RESULT', {
      resultClassifications: CLASSIFICATIONS,
      qualityCharacteristic: 'Significant',
    })
    for (let m = 1; m <= measurementsPerStation; m++) {
      const label = `${MEASURES[(s * 3 + m) % MEASURES.length]} ${m}`
      // Some measurements are single sided: only an upper limit, so the lower side is locked (CAPL-03).
      const singleSided = m % 7 === 2 && s === 2
      const usl = b.signal(station, `m${m}-usl`, `${label} USL`, 'UPPER_LIMIT')
      const lsl = singleSided ? undefined : b.signal(station, `m${m}-lsl`, `${label} LSL`, 'LOWER_LIMIT')
      const measurement = b.signal(station, `m${m}`, label, 'MEASUREMENT', {
        upperLimit: usl.id,
        lowerLimit: lsl?.id ?? null,
        result: m <= 2 ? [result.id] : [],
        singleSide: singleSided ? 'LOWER' : null,
        qualityCharacteristic: m === 1 ? 'Critical' : 'None',
        friendlyName: m === 1 ? `${station.name} ${label}` : null,
        isSignalActive: !(s === 3 && m === 3),
      })
      measurements.push(measurement)
      if (s <= 2 && m <= 3) limited.push(measurement)
    }
    if (s === 1) {
      b.signal(station, 'part-type', 'Part Type', 'PART_ATTRIBUTE', {
        attributeValues: ['Bracket', 'Housing', 'Shaft'],
      })
      b.signal(station, 'units', 'Units', 'UNITS')
      b.signal(station, 'component', 'Component Serial', 'COMPONENT_ID')
      b.signal(station, 'raw', 'Raw Channel 7', 'UNKNOWN')
    }
  }
  const final = b.station(lineId, 4, STATION_NAMES[3], true)
  b.signal(final, 'result', 'Final Result', 'RESULT', { resultClassifications: CLASSIFICATIONS })
  b.signal(final, 'm1', 'Leak Rate', 'MEASUREMENT')

  const groups = [1, 2].map((s) => {
    const id = `${lineId}-group-${s}`
    const signalIds = measurements.filter((m) => m.stationId === `${lineId}-st-${s}`).map((m) => m.id)
    b.add('signalGroups', id, {
      signalGroupUuid: id,
      signalGroupName: `${STATION_NAMES[s - 1]} signals`,
      signalUuids: signalIds,
      lineId,
    })
    return { id, signalIds }
  })

  for (const [i, m] of limited.entries()) {
    const entry: SignalLimitEntry = {
      lineUUID: lineId,
      station: m.stationName,
      signalUUID: m.id,
      signalName: m.name,
      singleSide: m.singleSide,
      limits: limitRows(m, i === 0),
    }
    b.add('signalLimits', m.id, entry)
  }
  return { measurements, groups, limited }
}

function limitRows(m: Signal, withModels: boolean): Limit[] {
  // The spec's lock rule: a LOWER single side locks the LSL and LCL cells.
  const upperOnly = m.singleSide === 'LOWER'
  const row = (model: string, centre: number): Limit => ({
    uuid: `${m.id}-limit-${model === DEFAULT_MODEL_NUMBER ? 'default' : model}`,
    model_number: model,
    lslFormula: upperOnly ? null : String(centre - 10),
    lclFormula: upperOnly ? null : String(centre - 5),
    uclFormula: String(centre + 5),
    uslFormula: String(centre + 10),
  })
  const rows = [row(DEFAULT_MODEL_NUMBER, 50)]
  if (withModels) rows.push(row('MX-100', 40), row('MX-200', 60))
  return rows
}
