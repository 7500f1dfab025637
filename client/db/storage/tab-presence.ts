/**
 * Whether another tab (or window) of this app has a database open: the bulk collections' change
 * events are sent to other tabs only then (line-record-storage.ts). Sending them means cloning every
 * document written into the message — for a first sync of 100,000 signals ~0.25–0.4 s of the page's
 * CPU, to tell nobody in the usual case of one tab (docs/architecture.md, "Where a first sync's time
 * goes").
 *
 * Presence is a shared Web Lock per database name, held by each open instance of the database (one
 * per tab) from before it reads the database until it closes it; an instance counts the holders
 * before sending an event of a committed write.
 * Why no event is lost: a tab takes its lock only once its channel listens, and reads nothing before
 * the lock is granted. The browser's lock manager orders the grant and the count. Counted: the other
 * tab listened before the count, so it gets the event, sent after. Not counted: its lock was granted
 * after the count, which came after the write committed, so everything it reads already holds the
 * write. Without Web Locks (Node in tests, an old browser) every event is sent, as before.
 */
export interface TabPresence {
  /** Whether a tab other than this one holds the database now. */
  othersPresent(): Promise<boolean>
  /** This instance is done with the database; the lock is let go when no instance of it is left. */
  leave(): void
}

/**
 * Counts this instance of `database` (RxDB's `databaseInstanceToken`: one per open database, whose
 * collections share it) present; resolves once its lock is held. `locks`: the browser's lock
 * manager; undefined where there is none (then every message is sent).
 */
export async function joinTabs(
  locks: LockManager | undefined,
  database: string,
  instance: string,
): Promise<TabPresence> {
  if (!locks) return { othersPresent: () => Promise.resolve(true), leave: () => undefined }
  const name = `${PRESENCE_LOCK}${database}`
  let entry = HELD.get(instance)
  if (!entry) {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let granted!: (held: boolean) => void
    const acquired = new Promise<boolean>((resolve) => (granted = resolve))
    // A refused lock (a sandboxed frame, a browser's own rule) must not keep the database shut:
    // this instance then sends every message, as without Web Locks.
    locks
      .request(name, { mode: 'shared' }, () => {
        granted(true)
        return released
      })
      .catch(() => granted(false))
    entry = { users: 0, acquired, release }
    HELD.set(instance, entry)
  }
  entry.users++
  const held = await entry.acquired
  const mine = entry
  let left = false
  return {
    othersPresent: async () => {
      if (!held) return true
      try {
        const { held: holders = [] } = await locks.query()
        return holders.filter((l) => l.name === name).length > 1
      } catch {
        return true
      }
    },
    leave: () => {
      if (left) return
      left = true
      if (--mine.users > 0) return
      HELD.delete(instance)
      mine.release()
    },
  }
}

/** The browser's lock manager, where it has one: Web Locks need a secure context (https, localhost). */
export const webLocks = (): LockManager | undefined =>
  typeof navigator === 'undefined' ? undefined : navigator.locks

/**
 * A broadcast channel whose messages are sent only while another tab is present, in the order they
 * were given (each waits for the count of the one before). Listening is unchanged.
 */
export function presenceGatedChannel(channel: ChannelLike, presence: TabPresence): ChannelLike {
  let queue: Promise<unknown> = Promise.resolve()
  return {
    // Never rejects: RxDB does not handle what it returns, and a message that could not be sent
    // (the channel closed meanwhile) has nobody to reach.
    postMessage: (message: unknown) =>
      (queue = queue
        .then(async () => {
          if (await presence.othersPresent()) await channel.postMessage(message)
        })
        .catch(() => undefined)),
    addEventListener: (type, listener) => channel.addEventListener(type, listener),
    removeEventListener: (type, listener) => channel.removeEventListener(type, listener),
  }
}

/** What RxDB's multi-instance support uses of a channel (broadcast-channel's BroadcastChannel). */
export interface ChannelLike {
  postMessage(message: unknown): Promise<unknown>
  addEventListener(type: 'message', listener: (message: never) => void): void
  removeEventListener(type: 'message', listener: (message: never) => void): void
}

const PRESENCE_LOCK = 'qm-tab-presence:'

/** The lock each open database instance holds, shared by its collections. */
const HELD = new Map<string, { users: number; acquired: Promise<boolean>; release: () => void }>()
