import { EventEmitter } from 'node:events'
import type pg from 'pg'
import type { CollectionName } from '../../shared/sync/collections'

/**
 * Tells live streams that documents changed. Only (customer, collection, seq) travels: each stream
 * then pulls what its own session may see, so a notification can never leak another tenant's data.
 * On PostgreSQL the notice goes through NOTIFY so every server instance on the database hears it.
 */
export interface ChangeNotice {
  readonly customerId: string
  readonly collection: CollectionName
  readonly seq: number
}

export interface ChangeBus {
  publish(notice: ChangeNotice): void
  subscribe(listener: (notice: ChangeNotice) => void): () => void
  close(): Promise<void>
}

const CHANNEL = 'qm_changes'

export function createLocalChangeBus(): ChangeBus {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  return {
    publish: (notice) => emitter.emit('change', notice),
    subscribe(listener) {
      emitter.on('change', listener)
      return () => emitter.off('change', listener)
    },
    close: async () => {
      emitter.removeAllListeners()
    },
  }
}

/**
 * LISTEN on one dedicated connection (re-established if it drops); NOTIFY from any. Local
 * listeners hear only what NOTIFY delivers, so every instance sees the same events.
 */
export async function createPostgresChangeBus(pool: pg.Pool): Promise<ChangeBus> {
  const local = createLocalChangeBus()
  let client: pg.PoolClient | undefined
  let closed = false
  // pg throws on a second release of one client, and a connection can fail after close() gave it back.
  const destroyed = new WeakSet<pg.PoolClient>()
  const destroy = (c: pg.PoolClient) => {
    if (destroyed.has(c)) return
    destroyed.add(c)
    c.release(true)
  }
  const listen = async (): Promise<void> => {
    const c = await pool.connect()
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return
      try {
        local.publish(JSON.parse(msg.payload) as ChangeNotice)
      } catch {
        // A malformed payload cannot come from us; ignore it rather than crash the listener.
      }
    })
    c.on('error', (err) => {
      // Also after close(): the server ends the connection close() already gave back.
      if (closed) return
      console.error('change listener connection lost:', err.message)
      destroy(c)
      if (client === c) client = undefined
      setTimeout(() => void listen().catch(() => undefined), 1000)
    })
    await c.query(`LISTEN ${CHANNEL}`)
    client = c
  }
  await listen()
  return {
    publish(notice) {
      pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(notice)]).catch((err: unknown) => {
        console.error('NOTIFY failed', err)
      })
    },
    subscribe: local.subscribe,
    async close() {
      closed = true
      await local.close()
      // Destroy rather than return it: a pooled connection must not keep listening.
      if (client) destroy(client)
      client = undefined
    },
  }
}
