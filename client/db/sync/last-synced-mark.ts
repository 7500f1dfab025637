import type { DeviceDb } from '../storage/device-db'

/** README Decisions: "last synced" is stored on the device at most this often. */
export const LAST_SYNCED_WRITE_MS = 10_000

/**
 * "Last synced" as this device keeps it, for one reader: an app started offline says when it last
 * synced instead of "not yet", which would suggest it never did. The status bar shows every answer's
 * time from the status itself; storing it after every answer (each edit's push, stream item and
 * checkpoint) cost an IndexedDB transaction and a cross-tab message per answer while the user typed.
 *
 * Invariants: at most one write every `everyMs`; the latest time noted is stored by the write that
 * follows it — at once when the last write is `everyMs` old, else when that much time has passed —
 * or by `flush` (the controller's close); a write that fails is forgotten (the next answer brings a
 * newer time anyway).
 */
export class LastSyncedMark {
  private latest: string | undefined
  private writtenAt = Number.NEGATIVE_INFINITY
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly marks: DeviceDb['marks'],
    private readonly everyMs = LAST_SYNCED_WRITE_MS,
  ) {}

  /** The time stored on this device, if any. */
  async read(): Promise<string | undefined> {
    return (await this.marks.get('lastSyncedAt').catch(() => undefined))?.at
  }

  /** The device synced at `at`: stored now or after `everyMs` (see the class comment). */
  note(at: string): void {
    this.latest = at
    if (this.timer !== undefined) return
    const wait = this.writtenAt + this.everyMs - Date.now()
    if (wait <= 0) void this.write()
    else this.timer = setTimeout(() => void this.write(), wait)
  }

  /** Stores a time still waiting for its write now. */
  async flush(): Promise<void> {
    if (this.timer !== undefined) await this.write()
  }

  private async write(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    this.writtenAt = Date.now()
    const at = this.latest
    if (at) await this.marks.put({ key: 'lastSyncedAt', at }).catch(() => undefined)
  }
}
