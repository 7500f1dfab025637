import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { systemClock } from '../../shared/time/clock'
import type { Session } from '../auth/session'
import type { IntentVerdict } from '../domain/intent-verdict'
import type { Services } from '../domain/services'
import { createLocalChangeBus } from '../replication/change-bus'
import { openDatabase, type Database } from '../store/database'
import { DocumentCache } from '../store/document-cache'
import { getDocuments } from '../store/documents'
import { ensureCustomer } from '../store/gateway-sessions'
import type { LoggedIntent } from '../store/intent-store'
import { ReadBacks } from './read-backs'

const SESSION: Session = {
  userId: 'user-1',
  email: 'admin@plant',
  role: 'administrator',
  customerId: 'cust-1',
  plantId: 'plant-1',
  locationConfig: {} as Session['locationConfig'],
}

const line = (hours: number) => ({
  collection: 'lines' as const,
  id: 'line-1',
  data: { id: 'line-1', plantId: 'plant-1', ingestionThresholdHours: hours },
})
const edit = (id: string) => ({ id, name: 'updateLineSettings', args: {} })
const CHANGED = new Set(['lines/line-1'])

describe('a change set’s read-backs (gateway mode)', () => {
  let database: Database
  let services: Services
  let logged: Map<string, LoggedIntent>
  beforeEach(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' })
    await ensureCustomer(database.db, SESSION.customerId)
    services = { db: database.db, changes: createLocalChangeBus(), clock: systemClock }
    logged = new Map()
  })
  afterEach(() => database.close())

  /** The set's cache, flushing before it reads the database, as apply-upstream.ts builds it. */
  function setUp() {
    const cache = new DocumentCache(database.db, SESSION.customerId, () => readBacks.flush())
    const readBacks: ReadBacks = new ReadBacks(
      services,
      SESSION,
      () => cache,
      (id, entry) => logged.set(id, entry),
    )
    return { cache, readBacks }
  }
  const stored = () => getDocuments(database.db, SESSION.customerId, 'lines', ['line-1'])

  test('OFF-06 kept read-backs are judged on at once and written once, the later answer standing, with every verdict', async () => {
    const { cache, readBacks } = setUp()
    const first = readBacks.add(edit('a'), [line(25)], CHANGED)
    // Later actions of the set see it; the database has nothing yet, and nothing is answered.
    expect((await cache.getOne('lines', 'line-1'))?.data).toMatchObject({ ingestionThresholdHours: 25 })
    expect(await stored()).toEqual([])
    expect(first).toThrow()
    expect(readBacks.holds('a')).toBe(true)
    const second = readBacks.add(edit('b'), [line(26)], CHANGED)

    await readBacks.flush()
    const [row] = await stored()
    expect(row).toMatchObject({ revision: 1, data: { ingestionThresholdHours: 26 } })
    const answer = (verdict: IntentVerdict) => (verdict.status === 'applied' ? verdict.documents : [])
    expect(answer(first())).toEqual([row])
    expect(answer(second())).toEqual([row])
    expect([...logged.keys()]).toEqual(['a', 'b'])
    expect(logged.get('a')).toEqual({ written: [{ collection: 'lines', id: 'line-1' }] })
    expect(readBacks.holds('a')).toBe(false)
    // The cache now holds the stored version, revision and all.
    expect(await cache.getOne('lines', 'line-1')).toEqual(row)
    // Nothing left: a second flush writes nothing.
    await readBacks.flush()
    expect((await stored())[0]?.revision).toBe(1)
  })

  test('OFF-06 the cache writes what waits before it reads the database', async () => {
    const { cache, readBacks } = setUp()
    const answered = readBacks.add(edit('a'), [line(30)], CHANGED)
    // A list is not kept after a write: it is read from the database, which must have the line.
    const lines = await cache.list('lines', { plantId: SESSION.plantId })
    expect(lines.map((d) => d.data)).toEqual([line(30).data])
    expect(answered().status).toBe('applied')
    expect(logged.has('a')).toBe(true)
  })

  test('OFF-06 an answer equal to the stored document writes no new revision, and answers it only when the action changed it', async () => {
    const { cache, readBacks } = setUp()
    readBacks.add(edit('a'), [line(40)], CHANGED)
    await readBacks.flush()
    const [before] = await stored()
    const changedIt = readBacks.add(edit('b'), [line(40)], CHANGED)
    const readOnly = readBacks.add(edit('c'), [line(40)], new Set())
    await readBacks.flush()
    expect(await stored()).toEqual([before])
    const answer = (verdict: IntentVerdict) => (verdict.status === 'applied' ? verdict.documents : [])
    expect(answer(changedIt())).toEqual([before])
    expect(answer(readOnly())).toEqual([])
    // Not written, yet the cache holds its stored version again, not the one kept before the write.
    expect(await cache.getOne('lines', 'line-1')).toEqual(before)
  })
})
