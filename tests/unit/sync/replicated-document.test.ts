import fc from 'fast-check'
import { Result, Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { PullResponse, ReplicatedDocument } from '../../../shared/sync/protocol'
import { decodePull } from '../../../client/db/sync/replication'

/**
 * A replicated document (shared/sync/protocol.ts) is decoded by checking it is an object and keeping
 * it as it came, no longer copied field by field as a Record: the same values pass and fail as before,
 * and a pull answer with anything else in its documents is still malformed.
 */
const asRecord = Schema.decodeUnknownResult(Schema.Record(Schema.String, Schema.Unknown))
const asDocument = Schema.decodeUnknownResult(ReplicatedDocument)

describe('a replicated document', () => {
  it('OFF-03 passes and fails exactly where a Record of fields did', () => {
    const edges: unknown[] = [
      null,
      undefined,
      0,
      '',
      'x',
      true,
      [],
      [{ id: 'a' }],
      {},
      { id: 'a' },
      new Date(0),
    ]
    for (const value of edges)
      expect(Result.isSuccess(asDocument(value)), String(value)).toBe(Result.isSuccess(asRecord(value)))
    fc.assert(
      fc.property(fc.anything({ withDate: true, withNullPrototype: true }), (value) => {
        expect(Result.isSuccess(asDocument(value))).toBe(Result.isSuccess(asRecord(value)))
      }),
    )
  })

  it('OFF-03 decodes to the object it was given, every field kept', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (doc) => {
        const decoded = asDocument(doc)
        expect(Result.isSuccess(decoded) && decoded.success).toBe(doc)
        const page = Schema.decodeUnknownResult(PullResponse)({ documents: [doc], checkpoint: null })
        expect(Result.isSuccess(page) && page.success.documents[0]).toBe(doc)
      }),
    )
  })

  it('OFF-03 a pull answer with a document that is not an object is malformed', () => {
    const good = { id: 's1', revision: 1, _deleted: false }
    expect(decodePull('signals', { documents: [good], checkpoint: { seq: 1 } }).documents).toEqual([good])
    for (const bad of [null, 'signal', 7, [good]]) {
      expect(() => decodePull('signals', { documents: [good, bad], checkpoint: { seq: 2 } })).toThrow(
        'The server sent a malformed signals answer',
      )
    }
  })
})
