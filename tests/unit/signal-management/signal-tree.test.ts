import { describe, expect, it } from 'vitest'
import {
  buildStationTree,
  flattenTree,
  isConfigurableStation,
  signalOrder,
} from '../../../client/features/signals/signal-tree'
import { SPECIAL_STATION_ID } from '../../../shared/constants'
import { signal } from '../intents/signal-documents'

/** SM-02: stations in line order, signals grouped by entity type, the row order shift follows. */
const station = (id: string, final = false) => ({ id, lineId: 'line-1', name: id.toUpperCase(), final })

describe('SM-02 stations tree', () => {
  const stations = [station('l-st-10'), station('l-st-2'), station(SPECIAL_STATION_ID)]
  const signals = [
    signal('r', { entityType: 'RESULT', stationId: 'l-st-2' }),
    signal('m-b', { name: 'b', stationId: 'l-st-2' }),
    signal('m-a', { name: 'a', stationId: 'l-st-2' }),
    signal('u', { entityType: 'UPPER_LIMIT', stationId: 'l-st-10' }),
    signal('x', { stationId: 'elsewhere' }),
  ]
  const tree = buildStationTree(stations, signals)

  it('sorts stations by position and groups signals by entity type, sorted by name', () => {
    expect(tree.map((n) => n.station.id)).toEqual(['l-st-2', 'l-st-10', SPECIAL_STATION_ID])
    expect(tree[0]!.groups.map((g) => [g.entityType, g.signals.map((s) => s.id)])).toEqual([
      ['MEASUREMENT', ['m-a', 'm-b']],
      ['RESULT', ['r']],
    ])
  })

  it('flattens to rows; a collapsed station hides its signals from the rows and the shift order', () => {
    expect(signalOrder(flattenTree(tree, new Set()))).toEqual(['m-a', 'm-b', 'r', 'u'])
    const rows = flattenTree(tree, new Set(['l-st-2']))
    expect(rows.map((r) => r.key)).toEqual([
      'station:l-st-2',
      'station:l-st-10',
      'group:l-st-10:UPPER_LIMIT',
      'signal:u',
      `station:${SPECIAL_STATION_ID}`,
    ])
    expect(signalOrder(rows)).toEqual(['u'])
  })

  it("the special station has no 'Configure Station'", () => {
    expect(isConfigurableStation(SPECIAL_STATION_ID)).toBe(false)
    expect(isConfigurableStation('l-st-2')).toBe(true)
  })
})
