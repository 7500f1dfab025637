import { describe, expect, it } from 'vitest'
import { joinTabs, presenceGatedChannel, type ChannelLike, type TabPresence } from './tab-presence'
import { fakeLockManager } from './test-locks'

function recordingChannel() {
  const sent: unknown[] = []
  const channel: ChannelLike = {
    postMessage: (m) => {
      sent.push(m)
      return Promise.resolve()
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }
  return { sent, channel }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('tab presence', () => {
  it('OFF-03 a tab alone sends its changes to nobody; once another tab holds the database it sends each, until that tab leaves', async () => {
    const { locks } = fakeLockManager()
    const a = await joinTabs(locks, 'qm-plant-1', 'tab-a')
    const { sent, channel } = recordingChannel()
    const gated = presenceGatedChannel(channel, a)

    await gated.postMessage('alone')
    expect(sent).toEqual([])

    const b = await joinTabs(locks, 'qm-plant-1', 'tab-b')
    await gated.postMessage('with b')
    expect(sent).toEqual(['with b'])

    b.leave()
    await settle()
    await gated.postMessage('b gone')
    expect(sent).toEqual(['with b'])
    a.leave()
  })

  it("OFF-03 another database is not another tab, and one database's collections hold one lock", async () => {
    const { holders, locks } = fakeLockManager()
    const signals = await joinTabs(locks, 'qm-plant-1', 'tab-a')
    const limits = await joinTabs(locks, 'qm-plant-1', 'tab-a')
    const other = await joinTabs(locks, 'qm-plant-2', 'tab-b')
    expect(await signals.othersPresent()).toBe(false)
    expect(await limits.othersPresent()).toBe(false)
    expect(holders.filter((h) => h.endsWith('qm-plant-1'))).toHaveLength(1)
    // The lock goes with the database's last collection.
    signals.leave()
    signals.leave()
    await settle()
    expect(holders.filter((h) => h.endsWith('qm-plant-1'))).toHaveLength(1)
    limits.leave()
    await settle()
    expect(holders.filter((h) => h.endsWith('qm-plant-1'))).toHaveLength(0)
    other.leave()
  })

  it('OFF-03 changes are sent in the order they were committed, however long each count takes', async () => {
    const delays = [30, 0, 10]
    let asked = 0
    const presence: TabPresence = {
      othersPresent: () => new Promise((resolve) => setTimeout(() => resolve(true), delays[asked++] ?? 0)),
      leave: () => undefined,
    }
    const { sent, channel } = recordingChannel()
    const gated = presenceGatedChannel(channel, presence)
    await Promise.all([gated.postMessage(1), gated.postMessage(2), gated.postMessage(3)])
    expect(sent).toEqual([1, 2, 3])
  })

  it('OFF-03 a lock manager that refuses the lock, or cannot be asked, never keeps the database shut nor a change unsent', async () => {
    const refusing = {
      request: () => Promise.reject(new DOMException('refused', 'SecurityError')),
      query: () => Promise.reject(new Error('unreachable')),
    } as unknown as LockManager
    const refused = await joinTabs(refusing, 'qm-plant-1', 'tab-refused')
    expect(await refused.othersPresent()).toBe(true)
    const { locks } = fakeLockManager()
    const mute = { request: locks.request.bind(locks), query: () => Promise.reject(new Error('gone')) }
    const unasked = await joinTabs(mute as unknown as LockManager, 'qm-plant-1', 'tab-unasked')
    const { sent, channel } = recordingChannel()
    await presenceGatedChannel(channel, unasked).postMessage('told')
    expect(sent).toEqual(['told'])
    refused.leave()
    unasked.leave()
  })

  it('OFF-03 without Web Locks every change is sent, and a change that cannot be sent does not stop the next', async () => {
    const presence = await joinTabs(undefined, 'qm-plant-1', 'tab-a')
    const sent: unknown[] = []
    let closed = true
    const channel: ChannelLike = {
      postMessage: (m) => {
        if (closed) return Promise.reject(new Error('closed'))
        sent.push(m)
        return Promise.resolve()
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }
    const gated = presenceGatedChannel(channel, presence)
    await expect(gated.postMessage('lost')).resolves.toBeUndefined()
    closed = false
    await gated.postMessage('sent')
    expect(sent).toEqual(['sent'])
  })
})
