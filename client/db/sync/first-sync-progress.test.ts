import { describe, expect, it } from 'vitest'
import { PullReplication, type PullSource } from './pull-replication'
import { trackReplication } from './status'
import { INITIAL_STATUS, nextStatus } from './sync-status'
import type { CollectionName } from '../../../shared/sync/collections'
import type { Checkpoint } from '../../../shared/sync/protocol'

/** First-sync progress (client/db/sync/status.ts): the share of the plant's documents stored. */
const source = (count: number): PullSource => {
  let saved: Checkpoint | null = null
  return {
    async pull(checkpoint, batchSize) {
      await new Promise((resolve) => setTimeout(resolve, 1))
      const after = checkpoint?.seq ?? 0
      const documents = Array.from({ length: Math.max(0, Math.min(batchSize, count - after)) }, (_, i) => ({
        id: `d${after + i}`,
        revision: 1,
        _deleted: false,
      }))
      return { documents, checkpoint: { seq: after + documents.length } }
    },
    async write() {},
    async loadCheckpoint() {
      return saved
    },
    async saveCheckpoint(checkpoint) {
      saved = checkpoint
    },
    async loadComplete() {
      return false
    },
    onResult() {},
  }
}

describe('first-sync progress', () => {
  it('OFF-08 moves with the documents stored, not the collections done, and ends when all are done', async () => {
    const sizes: Partial<Record<CollectionName, number>> = { lines: 2, signals: 40 }
    const replications = (Object.keys(sizes) as CollectionName[]).map(
      (c) => new PullReplication(c, source(sizes[c]!), { batchSize: 10, retryMs: 1000 }),
    )
    let status = nextStatus(INITIAL_STATUS, { type: 'first-sync-started' })
    const seen: Array<number | null> = []
    const stop = trackReplication(
      replications,
      true,
      (event) => {
        const next = nextStatus(status, event)
        if (next !== status) seen.push(next.initialProgress)
        status = next
      },
      async () => ({ total: sizes, stored: {} }),
    )
    // The small collection first, as the controller orders them.
    replications[0]!.start()
    await replications[0]!.awaitInitialReplication()
    replications[1]!.start()
    await replications[1]!.awaitInitialReplication()
    await new Promise((resolve) => setTimeout(resolve, 0))
    stop()
    expect(seen.at(-1)).toBeNull()
    const during = seen.slice(0, -1) as number[]
    // One collection of two done is not "half way": the 40 signals are most of the plant.
    expect(during.some((p) => p > 0 && p < 0.2)).toBe(true)
    expect(during.filter((p) => p > 0.2 && p < 1).length).toBeGreaterThanOrEqual(2)
    expect([...during].sort((a, b) => a - b)).toEqual(during)
  })
})
