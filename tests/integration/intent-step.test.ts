import { Schema } from 'effect'
import { describe, expect, test } from 'vitest'
import type { IntentDefinition } from '../../shared/intents/intent'
import type { Line } from '../../shared/schema/line'
import { applyStep, type PreparedIntent } from '../../sync-server/domain/intent-step'
import { DocumentCache } from '../../sync-server/store/document-cache'
import { getDocument, writeTransaction } from '../../sync-server/store/documents'
import { DATABASE_KINDS, useDemoServer, DEMO_ADMIN_SESSION } from './support/test-server'

const admin = DEMO_ADMIN_SESSION

/** A made-up intent of these tests, prepared as the change set's loop prepares a pushed one. */
const step = <A>(definition: IntentDefinition<A>, args: A): PreparedIntent => ({
  name: definition.name,
  definition: definition as IntentDefinition<unknown>,
  args,
  env: { actor: admin, now: new Date().toISOString() },
  base: [],
})

/**
 * One intent inside a change set's transaction (sync-server/domain/intent-step.ts): an intent that a
 * rule refuses after it already wrote must undo its own writes and nothing else, so the change set's
 * other intents keep theirs. No shipped intent is refused that late today (their rules run before
 * their writes), so a made-up one makes it happen: it edits two lines, the second out of bounds.
 */
describe.each(DATABASE_KINDS)('an intent refused after it wrote, on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: [] })
  const editTwoLines: IntentDefinition<{ days: number; hours: number }> = {
    name: 'editTwoLinesForTest',
    args: Schema.Struct({ days: Schema.Number, hours: Schema.Number }),
    reads: () => [{ collection: 'lines', ids: ['line-paint', 'line-assembly'] }],
    edits: () => [],
    apply: (docs, { days, hours }) => {
      docs.put('lines', 'line-paint', { ...docs.get('lines', 'line-paint')!, alertViewingWindowDays: days })
      docs.put('lines', 'line-assembly', {
        ...docs.get('lines', 'line-assembly')!,
        ingestionThresholdHours: hours,
      })
    },
    describe: () => 'Edit two lines',
  }
  const prepared = (days: number, hours: number) => step(editTwoLines, { days, hours })
  const line = async (id: string) =>
    (await getDocument<Line>(demo.server.services.db, 'cust-demo', 'lines', id))!

  test('OFF-04 its writes are undone, the transaction goes on, and the next intent reads the lines as they are', async () => {
    const paint = await line('line-paint')
    const assembly = await line('line-assembly')
    const { services } = demo.server
    const verdicts = await writeTransaction(services.db, 'cust-demo', async (tx) => {
      const cache = new DocumentCache(tx, 'cust-demo')
      const refused = await applyStep(services, admin, tx, prepared(81, 1_000_001), 'when-needed', cache)
      const applied = await applyStep(services, admin, tx, prepared(82, 7), 'when-needed', cache)
      return [refused, applied]
    })
    expect(verdicts.map((v) => v.status)).toEqual(['rejected', 'applied'])
    expect(verdicts[0]).toMatchObject({
      error: { status: 400, message: 'Must be less than or equal to 1000000' },
    })
    const paintAfter = await line('line-paint')
    const assemblyAfter = await line('line-assembly')
    // One revision each: the refused intent's write of line-paint left nothing behind.
    expect(paintAfter.revision).toBe(paint.revision + 1)
    expect(paintAfter.data.alertViewingWindowDays).toBe(82)
    expect(assemblyAfter.revision).toBe(assembly.revision + 1)
    expect(assemblyAfter.data.ingestionThresholdHours).toBe(7)
  })
})

/**
 * The change set's cache (sync-server/store/document-cache.ts) keeps reads by field between intents,
 * so a hundred edits of six lines ask for each line's monitors once. A read by field must still see
 * what an earlier intent of the same set wrote.
 */
describe.each(DATABASE_KINDS)('reads by field inside one change set, on %s', (kind) => {
  const demo = useDemoServer(kind, { signIn: [] })
  const NAME = 'Renamed in this change set'
  /** Sets line-assembly's alert window to 10 + the number of lines named NAME (a read by field). */
  const countRenamed: IntentDefinition<Record<string, never>> = {
    name: 'countRenamedForTest',
    args: Schema.Struct({}),
    reads: () => [
      { collection: 'lines', where: { friendlyName: NAME } },
      { collection: 'lines', ids: ['line-assembly'] },
    ],
    edits: () => [],
    apply: (docs) => {
      const renamed = docs.all('lines').filter((l) => l.friendlyName === NAME).length
      docs.put('lines', 'line-assembly', {
        ...docs.get('lines', 'line-assembly')!,
        alertViewingWindowDays: 10 + renamed,
      })
    },
    describe: () => 'Count renamed lines',
  }
  const rename: IntentDefinition<Record<string, never>> = {
    name: 'renameForTest',
    args: Schema.Struct({}),
    reads: () => [{ collection: 'lines', ids: ['line-paint'] }],
    edits: () => [],
    apply: (docs) =>
      docs.put('lines', 'line-paint', { ...docs.get('lines', 'line-paint')!, friendlyName: NAME }),
    describe: () => 'Rename a line',
  }

  test('OFF-04 an intent reading lines by field sees the line an earlier intent of the set renamed', async () => {
    const { services } = demo.server
    const verdicts = await writeTransaction(services.db, 'cust-demo', async (tx) => {
      const cache = new DocumentCache(tx, 'cust-demo')
      const out = []
      for (const intent of [step(countRenamed, {}), step(rename, {}), step(countRenamed, {})]) {
        out.push(await applyStep(services, admin, tx, intent, 'when-needed', cache))
      }
      return out
    })
    expect(verdicts.map((v) => v.status)).toEqual(['applied', 'applied', 'applied'])
    const assembly = await getDocument<Line>(services.db, 'cust-demo', 'lines', 'line-assembly')
    // 10 after the first count (nothing renamed yet), 11 after the second.
    expect(assembly!.data.alertViewingWindowDays).toBe(11)
  })
})
