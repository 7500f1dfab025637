import { describe, expect, it } from 'vitest'
import type { Limit, SignalLimitEntry } from '../../../shared/schema/signal-limit'
import { doc, run } from './intent-harness'
import { LINE, lineDocs } from './signal-documents'

/** saveSignalLimits (CAPL-02..04): every edited row as one action, all or nothing. */
const row = (
  uuid: string,
  model: string,
  lsl: string | null,
  lcl: string | null,
  ucl: string | null,
  usl: string | null,
): Limit => ({
  uuid,
  model_number: model,
  lslFormula: lsl,
  lclFormula: lcl,
  uclFormula: ucl,
  uslFormula: usl,
})
const entry = (
  signalUUID: string,
  limits: ReadonlyArray<Limit>,
  fields: Partial<SignalLimitEntry> = {},
): SignalLimitEntry => ({
  lineUUID: 'line-1',
  station: 'Wrong',
  signalUUID,
  signalName: 'Wrong',
  singleSide: null,
  limits,
  ...fields,
})
const stored = (e: SignalLimitEntry) => doc('signalLimits', e.signalUUID, e)

describe('saveSignalLimits', () => {
  it('CAPL-04 line, station, name and side come from the signal; rows without values dropped with the limits flag', async () => {
    const limits = [row('a', '*', '1', '2', '8', '9'), row('b', 'MX', null, ' ', null, '')]
    const on = await run(lineDocs({ limits: true }), 'saveSignalLimits', {
      lineId: 'line-1',
      entries: [entry('m1', limits)],
    })
    expect(on.changes).toHaveLength(1)
    expect(on.changes[0]).toMatchObject({
      kind: 'put',
      created: true,
      data: {
        lineUUID: 'line-1',
        station: LINE.m1.stationName,
        signalName: 'M1',
        singleSide: null,
        limits: [limits[0]],
      },
    })
    const off = await run(lineDocs({ limits: false }), 'saveSignalLimits', {
      lineId: 'line-1',
      entries: [entry('m1', limits)],
    })
    expect(off.changes[0]).toMatchObject({ data: { limits } })
  })

  it('CAPL-04 an entry left without rows is removed', async () => {
    const before = entry('m1', [row('a', '*', '1', null, null, '2')])
    const res = await run([...lineDocs({ limits: true }), stored(before)], 'saveSignalLimits', {
      lineId: 'line-1',
      entries: [entry('m1', [row('a', '*', null, null, null, null)])],
    })
    expect(res.changes).toEqual([{ kind: 'delete', collection: 'signalLimits', id: 'm1' }])
  })

  it.each<[string, SignalLimitEntry[], string]>([
    ['CAPL-02 not a number', [entry('m1', [row('a', '*', 'abc', null, null, null)])], 'LSL must be a number'],
    ['CAPL-02 LSL < USL', [entry('m1', [row('a', '*', '10', null, null, '5')])], 'LSL must be < USL'],
    [
      'CAPL-02 all or nothing: a valid entry is not saved with a bad one',
      [entry('m2', [row('b', '*', '0', '1', '2', '3')]), entry('m1', [row('a', '*', null, '7', '3', null)])],
      'LCL must be < UCL',
    ],
    ['a signal of another line', [entry('other', [])], 'Signal not found'],
    ['an entry naming another line', [entry('m1', [], { lineUUID: 'line-2' })], 'Signal not found'],
    ['an unknown signal', [entry('nope', [])], 'Signal not found'],
    ['the same signal twice', [entry('m1', []), entry('m1', [])], 'Invalid request'],
  ])('%s', async (_title, entries, message) => {
    // Cell rules of one row are the Limit schema's (refused when the arguments decode, 400 on the
    // server); the rest are the intent's. Either way nothing is changed.
    await expect(run(lineDocs(), 'saveSignalLimits', { lineId: 'line-1', entries })).rejects.toThrow(message)
  })

  it('CAPL-03 single sided (flag on): a locked cell cannot get a value; one it held before is kept', async () => {
    const docs = (flag: boolean, previous: ReadonlyArray<Limit> = []) => [
      ...lineDocs({ singleSidedLimits: flag }, [{ ...LINE.m1, singleSide: 'LOWER' }]),
      ...(previous.length ? [stored(entry('m1', previous, { singleSide: 'LOWER' }))] : []),
    ]
    const locked = [entry('m1', [row('a', '*', '1', null, '5', '6')])]
    await expect(
      run(docs(true), 'saveSignalLimits', { lineId: 'line-1', entries: locked }),
    ).rejects.toMatchObject({
      message: 'LSL must be empty: the signal is Single Sided',
    })
    expect(
      (await run(docs(false), 'saveSignalLimits', { lineId: 'line-1', entries: locked })).changes,
    ).toHaveLength(1)
    const kept = await run(docs(true, locked[0]!.limits), 'saveSignalLimits', {
      lineId: 'line-1',
      entries: [entry('m1', [{ ...locked[0]!.limits[0]!, uclFormula: '7' }])],
    })
    expect(kept.changes[0]).toMatchObject({
      data: { singleSide: 'LOWER', limits: [{ lslFormula: '1', uclFormula: '7' }] },
    })
  })
})
