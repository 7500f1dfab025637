import type { RxCollection } from 'rxdb'
import type { AppDatabase } from '../../../client/db/app-database'
import type { CollectionReplication } from '../../../client/db/replication'
import { PRIMARY_KEYS, type CollectionName } from '../../../shared/sync/collections'
import type { Resolution } from './convergence-protocol'
import type { PushExchange } from './node-client'

/**
 * What a device saw, kept in the device's worker: every merge RxDB ran with the conflict handler
 * (the checks need its base, local and server states), the state each local write replaced, and —
 * with CONVERGENCE_DEBUG set — a per-document timeline to read a failure with.
 */
export class DeviceWatch {
  readonly resolutions: Resolution[] = []
  private readonly basedOn = new Map<string, Record<string, unknown>>()
  private readonly timeline = new Map<string, string[]>()

  constructor(private readonly verbose: boolean) {}

  note(key: string, line: string): void {
    if (!this.verbose) return
    this.timeline.set(key, [...(this.timeline.get(key) ?? []), `${Date.now() % 100_000} ${line}`])
  }

  history(key: string): string[] {
    return this.timeline.get(key) ?? []
  }

  /** Forgets what `key`'s last write replaced; `replaced` then returns the next write's. */
  expectWrite(key: string): void {
    this.basedOn.delete(key)
  }

  replaced(key: string): Record<string, unknown> | undefined {
    return this.basedOn.get(key)
  }

  push(exchange: PushExchange): void {
    if (!this.verbose) return
    const pk = PRIMARY_KEYS[exchange.collection as CollectionName]
    for (const row of exchange.rows) {
      const id = String(row.newDocumentState[pk])
      const master = exchange.answer?.find((m) => String(m[pk]) === id)
      this.note(
        `${exchange.collection}/${id}`,
        `PUSH #${exchange.seq} ${exchange.kind}${exchange.delivered ? '' : ' (answer not delivered)'} ` +
          `status ${exchange.status} assumed ${brief(row.assumedMasterState)} new ${brief(row.newDocumentState)} ` +
          `-> ${master ? brief(master) : 'accepted'}`,
      )
    }
  }

  /** Starts watching the open database and its replications. */
  watch(db: AppDatabase, replications: ReadonlyArray<CollectionReplication>): void {
    for (const r of replications) {
      const pk = PRIMARY_KEYS[r.collection]
      // RxDB reports each resolved conflict on its internal replication state (a public field).
      const internal = (
        r.state as unknown as { internalReplicationState?: { events: { resolvedConflicts: Resolved } } }
      ).internalReplicationState
      internal?.events.resolvedConflicts.subscribe(({ input, output }) => {
        const id = String(output[pk])
        this.resolutions.push({
          collection: r.collection,
          id,
          base: input.assumedMasterState ?? null,
          local: input.newDocumentState ?? {},
          server: input.realMasterState ?? {},
          output,
        })
        this.note(
          `${r.collection}/${id}`,
          `MERGE base ${brief(input.assumedMasterState)} local ${brief(input.newDocumentState)} ` +
            `server ${brief(input.realMasterState)} -> ${brief(output)}`,
        )
      })
      const collection = db.collections[r.collection] as unknown as RxCollection
      if (this.verbose)
        collection.$.subscribe((ev) =>
          this.note(
            `${r.collection}/${ev.documentId}`,
            `LOCAL ${brief(ev.documentData as Record<string, unknown>)}`,
          ),
        )
      // RxDB runs pre-save hooks for writes made through the collection (the app's writes) with the
      // exact state the write is based on; replication writes bypass them. After a write conflict
      // RxDB retries and calls the hook again: the last call is the state the write replaced.
      collection.preSave((_next: unknown, old: unknown) => {
        const doc = old as Record<string, unknown>
        this.basedOn.set(`${r.collection}/${String(doc[pk])}`, doc)
      }, false)
    }
  }
}

type Resolved = {
  subscribe(
    f: (x: {
      input: Record<string, Record<string, unknown> | undefined>
      output: Record<string, unknown>
    }) => void,
  ): void
}

/** A document without the fields that never change in this test, for a readable timeline. */
function brief(doc: Readonly<Record<string, unknown>> | null | undefined): string {
  if (!doc) return 'none'
  const keep = Object.entries(doc).filter(
    ([k, v]) => !k.startsWith('_') || (k === '_deleted' && v === true) || k === '_rejection',
  )
  const skip = new Set([
    'name',
    'displayName',
    'monitor_filter',
    'stationName',
    'stationId',
    'lineId',
    'updatedAt',
  ])
  return JSON.stringify(Object.fromEntries(keep.filter(([k]) => !skip.has(k))))
}
