import { describe, expect, it } from 'vitest'
import { getQueryMatcher, type RxJsonSchema } from 'rxdb'
import { getMingoQuery, type Selector } from './selector-matcher'

// The oracle: RxDB's own matcher, which (outside the build, vite.config.ts) is mingo's.
const SCHEMA = {} as RxJsonSchema<unknown>
const mingo = (selector: Selector) => getQueryMatcher(SCHEMA, { selector, sort: [{ id: 'asc' }] } as never)

const DOCS: ReadonlyArray<Record<string, unknown>> = [
  { id: 'a', lineId: 'line-1', _deleted: false, _meta: { lwt: 100 }, rank: 3, feederLineIds: ['line-2'] },
  { id: 'b', lineId: 'line-2', _deleted: true, _meta: { lwt: 250.5 }, rank: 10, feederLineIds: [] },
  {
    id: 'c',
    lineId: null,
    _deleted: false,
    _meta: { lwt: 300 },
    rank: '3',
    feederLineIds: ['line-1', 'line-2'],
  },
  {
    id: 'd',
    _deleted: false,
    _meta: {},
    context: 'collection',
    data: { name: 'x', tags: [{ k: 'a' }, { k: 'b' }] },
  },
  { id: 'e', lineId: 'line-1', _deleted: false, _meta: { lwt: 100 }, rank: 0, data: { name: 'y', tags: [] } },
  {
    id: 'f',
    lineId: 'line-3',
    _deleted: false,
    enabled: true,
    nested: { deep: { value: 2 } },
    list: [1, 5, 9],
  },
]

const SELECTORS: ReadonlyArray<Selector> = [
  {},
  { lineId: 'line-1' },
  { lineId: { $eq: 'line-1' }, _deleted: { $eq: false } },
  { lineId: { $ne: 'line-1' } },
  { lineId: null },
  { lineId: { $eq: null } },
  { lineId: { $ne: null } },
  { lineId: { $in: ['line-1', 'line-3'] } },
  { lineId: { $in: [null, 'line-2'] } },
  { lineId: { $nin: ['line-1'] } },
  { lineId: { $exists: true } },
  { lineId: { $exists: false } },
  { '_meta.lwt': { $gt: 100 } },
  { '_meta.lwt': { $gte: 100, $lt: 300 } },
  { '_meta.lwt': { $lte: 250.5 } },
  { rank: { $gt: 2 } },
  { rank: { $lt: '4' } },
  { rank: 3 },
  { feederLineIds: 'line-2' },
  { feederLineIds: { $in: ['line-1'] } },
  { feederLineIds: { $nin: ['line-2'] } },
  { feederLineIds: { $ne: 'line-1' } },
  { feederLineIds: ['line-1', 'line-2'] },
  { feederLineIds: [] },
  { 'data.name': 'x' },
  { 'data.tags.k': 'b' },
  { 'data.tags.k': { $exists: true } },
  { 'data.tags.0.k': 'a' },
  { 'nested.deep.value': { $gte: 2 } },
  { nested: { deep: { value: 2 } } },
  { list: { $gt: 8 } },
  { list: { $lt: 1 } },
  { list: 5 },
  { enabled: true },
  { context: 'collection', _deleted: false },
  { $or: [{ lineId: 'line-2' }, { rank: { $gte: 10 } }, { enabled: true }] },
  { $and: [{ _deleted: false }, { $or: [{ lineId: 'line-1' }, { lineId: null }] }] },
  { $nor: [{ lineId: 'line-1' }, { _deleted: true }] },
  { $or: [{ '_meta.lwt': { $gt: 100 } }, { '_meta.lwt': 100, id: { $gt: 'a' } }] },
]

describe('the selector matcher that stands in for mingo in the build', () => {
  it('answers every selector RxDB and the app write as mingo does, document by document', () => {
    for (const selector of SELECTORS) {
      const ours = getMingoQuery(selector)
      const theirs = mingo(selector)
      for (const doc of DOCS) {
        expect({ selector, id: doc.id, matches: ours.test(doc) }).toEqual({
          selector,
          id: doc.id,
          matches: theirs(doc as never),
        })
      }
    }
  })

  it('refuses an operator it does not implement instead of answering wrongly', () => {
    expect(() => getMingoQuery({ name: { $regex: '^x' } })).toThrow(/\$regex/)
    expect(() => getMingoQuery({ $where: 'true' })).toThrow(/\$where/)
    expect(() => getMingoQuery({ tags: { $size: 2 } })).toThrow(/\$size/)
  })
})
