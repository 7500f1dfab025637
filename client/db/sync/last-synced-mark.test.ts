import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeviceDb } from '../storage/device-db'
import { LastSyncedMark } from './last-synced-mark'

/**
 * "Last synced" on the device (client/db/sync/last-synced-mark.ts): stored at most once per interval,
 * always ending with the latest time, and read back for an offline start.
 */
const EVERY_MS = 10_000
let n = 0
const devices: DeviceDb[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const d of devices.splice(0)) d.close()
})

function device(): DeviceDb {
  const d = new DeviceDb(`last-synced-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange })
  devices.push(d)
  return d
}

/** Lets the device database finish what was asked of it (it runs on real timers and promises). */
const settled = () => new Promise((resolve) => setImmediate(resolve))

describe('LastSyncedMark', () => {
  it('OFF-03 the first answer is stored at once and read back by the next start', async () => {
    const d = device()
    const mark = new LastSyncedMark(d.marks, EVERY_MS)
    expect(await mark.read()).toBeUndefined()
    mark.note('2026-11-26T08:00:00.000Z')
    await settled()
    expect(await new LastSyncedMark(d.marks, EVERY_MS).read()).toBe('2026-11-26T08:00:00.000Z')
  })

  it('OFF-03 answers within the interval make one more write, with the latest time, when it ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(Date.parse('2026-11-26T08:00:00.000Z'))
    const d = device()
    const put = vi.spyOn(d.marks, 'put')
    const mark = new LastSyncedMark(d.marks, EVERY_MS)
    mark.note('2026-11-26T08:00:00.000Z')
    for (let s = 1; s <= 5; s++) {
      vi.setSystemTime(Date.parse(`2026-11-26T08:00:0${s}.000Z`))
      mark.note(`2026-11-26T08:00:0${s}.000Z`)
    }
    await settled()
    expect(put).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(EVERY_MS)
    await settled()
    expect(put).toHaveBeenCalledTimes(2)
    expect(await mark.read()).toBe('2026-11-26T08:00:05.000Z')
  })

  it('OFF-03 a time still waiting is stored by flush (the app closing), and only once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const d = device()
    const put = vi.spyOn(d.marks, 'put')
    const mark = new LastSyncedMark(d.marks, EVERY_MS)
    mark.note('2026-11-26T08:00:00.000Z')
    mark.note('2026-11-26T08:00:03.000Z')
    await mark.flush()
    expect(await mark.read()).toBe('2026-11-26T08:00:03.000Z')
    vi.advanceTimersByTime(EVERY_MS)
    await mark.flush()
    await settled()
    expect(put).toHaveBeenCalledTimes(2)
  })
})
