import { lineLabel, type Line } from '../../../shared/schema/line'
import { LINE_FORM_FIELDS } from '../../../shared/validation/line-rules'
import type { Monitor } from '../../../shared/schema/monitor'
import { PRIMARY_KEYS, type CollectionName } from '../../../shared/sync/collections'
import type { DocumentChange } from '../../../shared/intents/intent'
import type { LocalStore } from '../storage/local-store'
import type { Outbox } from './outbox'
import type { PendingAction } from './pending-changes'

/**
 * OFF-07: the app version before actions pushed documents, and marked a document changed on the
 * device with `pendingSince` until the server took it. A device updated with such changes still
 * waiting must not lose them: each is adopted once, before replication starts, as the action the
 * screens of that version could make — a line's settings (Line Management) or a monitor's Active
 * toggle (the monitor pages) — and the mark is removed. That version had no base values, so these
 * actions carry none: the user's values are applied as they were typed.
 */
const LINE_FIELDS = ['active', ...LINE_FORM_FIELDS] as const

type Data = Record<string, unknown>
type Adopted = Omit<PendingAction, 'seq'>

/** The action a pending document of the previous version stands for (undefined: nothing to send). */
export function legacyAction(
  collection: CollectionName,
  doc: Data,
  author: string,
  now: string,
): Adopted | undefined {
  const at = typeof doc.pendingSince === 'string' ? doc.pendingSince : now
  const common = { id: crypto.randomUUID(), author, createdAt: at, base: [] }
  if (collection === 'lines') {
    const line = doc as unknown as Line
    const changes = Object.fromEntries(LINE_FIELDS.map((f) => [f, line[f]]))
    return {
      ...common,
      name: 'updateLineSettings',
      args: { lineId: line.id, changes },
      description: `Change settings of ${lineLabel(line)}`,
      changes: [put(collection, line.id, doc, [...LINE_FIELDS])],
    }
  }
  if (collection === 'monitors') {
    const monitor = doc as unknown as Monitor
    return {
      ...common,
      name: 'setMonitorActive',
      args: { monitorId: monitor.monitor_uuid, active: monitor.active },
      description: `${monitor.active ? 'Start' : 'Stop'} monitor ${monitor.monitor_name}`,
      changes: [put(collection, monitor.monitor_uuid, doc, ['active'])],
    }
  }
  return undefined
}

/** Adopts every pending document of the previous version into the outbox; returns how many. */
export async function adoptLegacyPending(store: LocalStore, outbox: Outbox, author: string): Promise<number> {
  let adopted = 0
  for (const collection of ['lines', 'monitors'] as const) {
    const marked = await store.find(collection, { pendingSince: { $exists: true } })
    for (const doc of marked) {
      const action = legacyAction(collection, doc as Data, author, new Date().toISOString())
      if (action) {
        await outbox.add(action)
        adopted++
      }
      await store.unsetField(collection, String(doc[PRIMARY_KEYS[collection]]), 'pendingSince')
    }
  }
  return adopted
}

const put = (collection: CollectionName, id: string, doc: Data, fields: string[]): DocumentChange => {
  const { pendingSince: _p, revision: _r, updatedAt: _u, ...data } = doc
  return { kind: 'put', collection, id, data, fields, created: false }
}
