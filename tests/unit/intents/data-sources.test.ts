import { describe, expect, test } from 'vitest'
import { rejectionOf } from './admin-fixtures'
import { doc, run } from './intent-harness'

/** deleteDataSource (shared/intents/data-sources.ts). */
const source = doc('dataSources', 'source-plc', {
  id: 'source-plc',
  name: 'Line PLC gateway',
  createdAt: '2026-01-15T14:00:00.000Z',
  topic: 'plant-demo.plc.v1',
  ingestorId: 'ingestor-demo',
})

describe('deleteDataSource', () => {
  test('DS-03 deletes the source and names it in the action', async () => {
    const result = await run([source], 'deleteDataSource', { dataSourceId: 'source-plc' })
    expect(result.changes).toEqual([{ kind: 'delete', collection: 'dataSources', id: 'source-plc' }])
    expect(result.description).toBe('Delete data source Line PLC gateway')
  })

  test("DS-03 an unknown source is 404 'Data source not found'", async () => {
    expect(await rejectionOf(run([source], 'deleteDataSource', { dataSourceId: 'nope' }))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Data source not found',
    })
  })
})
