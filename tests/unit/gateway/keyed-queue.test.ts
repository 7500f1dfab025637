import { describe, expect, it } from 'vitest'
import { KeyedQueue } from '../../../sync-server/gateway/keyed-queue'

/**
 * The gateway's per-customer queue (sync-server/gateway/keyed-queue.ts): what it promises a caller —
 * one task of a key at a time, in the order they were queued, whatever an earlier one did; keys do
 * not wait for each other; every caller gets its own task's result or error.
 */

/** A task the test finishes by hand, recording when it started and ended. */
function heldTask<T>(log: string[], name: string) {
  let resolve!: (value: T) => void
  let reject!: (err: Error) => void
  const done = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  let started = false
  const task = () => {
    started = true
    log.push(`start ${name}`)
    return done.finally(() => log.push(`end ${name}`))
  }
  return {
    task,
    resolve,
    reject,
    get started() {
      return started
    },
  }
}

/** Lets every promise callback that is ready run (several turns of the microtask queue). */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('KeyedQueue', () => {
  it('OFF-03 tasks of one key run one at a time, in arrival order', async () => {
    const queue = new KeyedQueue()
    const log: string[] = []
    const a = heldTask<string>(log, 'a')
    const b = heldTask<string>(log, 'b')
    const c = heldTask<string>(log, 'c')
    const results = [queue.run('cust-1', a.task), queue.run('cust-1', b.task), queue.run('cust-1', c.task)]
    await settle()
    expect(log).toEqual(['start a'])

    // Finishing a later task first does not let it jump the queue or start the one after it.
    c.resolve('C')
    await settle()
    expect(b.started).toBe(false)

    a.resolve('A')
    await settle()
    expect(log).toEqual(['start a', 'end a', 'start b'])
    expect(c.started).toBe(false)

    b.resolve('B')
    await settle()
    expect(await Promise.all(results)).toEqual(['A', 'B', 'C'])
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
  })

  it('OFF-03 a task that rejects does not stop the next one of its key, which still waits for it', async () => {
    const queue = new KeyedQueue()
    const log: string[] = []
    const a = heldTask<string>(log, 'a')
    const b = heldTask<string>(log, 'b')
    const first = queue.run('cust-1', a.task)
    const second = queue.run('cust-1', b.task)
    // A task that throws synchronously counts as a rejection too.
    const third = queue.run('cust-1', () => {
      log.push('start c')
      throw new Error('c failed')
    })
    const fourth = queue.run('cust-1', async () => {
      log.push('start d')
      return 'D'
    })
    await settle()
    expect(b.started).toBe(false)

    a.reject(new Error('a failed'))
    await expect(first).rejects.toThrow('a failed')
    await settle()
    expect(log).toEqual(['start a', 'end a', 'start b'])

    b.resolve('B')
    expect(await second).toBe('B')
    await expect(third).rejects.toThrow('c failed')
    expect(await fourth).toBe('D')
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'start d'])
  })

  it('OFF-03 tasks of different keys run at the same time', async () => {
    const queue = new KeyedQueue()
    const log: string[] = []
    const one = heldTask<number>(log, 'one')
    const other = heldTask<number>(log, 'other')
    const a = queue.run('cust-1', one.task)
    const b = queue.run('cust-2', other.task)
    await settle()
    expect(one.started).toBe(true)
    expect(other.started).toBe(true)

    // The second key's task ends while the first key's is still under way.
    other.resolve(2)
    expect(await b).toBe(2)
    expect(log).toEqual(['start one', 'start other', 'end other'])
    one.resolve(1)
    expect(await a).toBe(1)
  })

  it("OFF-03 each caller gets its own task's result or error", async () => {
    const queue = new KeyedQueue()
    const calls = [
      queue.run('k', async () => 'first'),
      queue.run('k', async () => {
        throw new Error('second failed')
      }),
      queue.run('j', async () => ({ value: 3 })),
      queue.run('k', async () => 4),
    ]
    const outcomes = await Promise.allSettled(calls)
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([
      'first',
      'second failed',
      { value: 3 },
      4,
    ])
  })

  it('OFF-03 a key used again after its queue ran empty starts at once', async () => {
    const queue = new KeyedQueue()
    expect(await queue.run('k', async () => 1)).toBe(1)
    await settle()
    const log: string[] = []
    const later = heldTask<number>(log, 'later')
    const result = queue.run('k', later.task)
    await settle()
    expect(later.started).toBe(true)
    later.resolve(2)
    expect(await result).toBe(2)
  })
})
