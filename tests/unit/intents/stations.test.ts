import { describe, expect, it } from 'vitest'
import { IntentRejected } from '../../../shared/intents/intent'
import { doc, run } from './intent-harness'
import { LINE, lineDocs } from './signal-documents'

/** setStationFinal (SM-04): only a station holding a result signal, or already final, can be final. */
const station = (id: string, final: boolean) =>
  doc('stations', id, { id, lineId: 'line-1', name: `Station ${id}`, final })

describe('setStationFinal (SM-04)', () => {
  it.each<[string, string, boolean, boolean, string | null]>([
    ['SM-04 a station with a result signal becomes final', 'st-2', false, true, null],
    ['SM-04 a final station is switched off', 'st-2', true, false, null],
    ['SM-04 a final station without a result signal can be switched off', 'st-1', true, false, null],
    ['SM-04 an already final station stays final', 'st-1', true, true, null],
    [
      'SM-04 a station without a result signal cannot be final',
      'st-1',
      false,
      true,
      'Only stations that contain a result signal can be designated as a Final Station',
    ],
  ])('%s', async (_title, id, before, final, message) => {
    const docs = [...lineDocs(), station(id, before)]
    const res = run(docs, 'setStationFinal', { stationId: id, final })
    if (message) {
      await expect(res).rejects.toThrow(new IntentRejected(400, 'VALIDATION', message))
      return
    }
    const { changes } = await res
    expect(changes).toEqual(
      before === final
        ? []
        : [
            {
              kind: 'put',
              collection: 'stations',
              id,
              data: { id, lineId: 'line-1', name: `Station ${id}`, final },
              fields: ['final'],
              created: false,
            },
          ],
    )
  })

  it('SM-04 an unknown station is 404 Station not found', async () => {
    await expect(
      run(lineDocs(), 'setStationFinal', { stationId: 'nope', final: true }),
    ).rejects.toMatchObject({
      status: 404,
      message: 'Station not found',
    })
  })

  it('SM-04 describes the action in the user’s words', async () => {
    const res = await run([...lineDocs(), station('st-2', false)], 'setStationFinal', {
      stationId: 'st-2',
      final: true,
    })
    expect(res.description).toBe('Mark Station st-2 as Final Station')
    expect(LINE.r1.stationId).toBe('st-2')
  })
})
