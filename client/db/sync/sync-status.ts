/** What the sync indicator, the pending count and the first-sync progress show (SyncController.status$). */
export interface SyncStatus {
  readonly online: boolean
  /**
   * Actions of the signed-in user made here, kept in the device database, that the server has not
   * answered yet.
   */
  readonly pendingCount: number
  /** The signed-in user's actions shown but still being written to the device (not yet kept). */
  readonly savingCount: number
  /** Actions made here by other users, kept until they sign in again. */
  readonly othersPendingCount: number
  /** Whose pending actions `pendingCount` counts (the signed-in user, or the last one after expiry). */
  readonly pendingAuthorEmail: string | null
  readonly lastSyncedAt: string | null
  /** First sync of this device: share of collections done, 0–1; null once done. */
  readonly initialProgress: number | null
  /** Replication waits for a sign-in (the session expired); pending changes are kept. */
  readonly paused: boolean
  /** A storage problem worth telling the user about (quota). */
  readonly storageError: string | null
  /** The server speaks a newer protocol: the app must be updated (pending changes are kept). */
  readonly updateRequired: boolean
  /**
   * During a first sync: lines whose signals and limits are all stored although the rest of the
   * plant's are not (a screen asked for them: prioritizeLine). Empty once the first sync is done.
   */
  readonly linesReady: ReadonlyArray<string>
  /**
   * Gateway mode: the sync server answers, but the plant's own server behind it does not, so the
   * pending changes wait (and go on their own once it answers). Not "offline": pulls still work.
   */
  readonly authorityUnreachable: boolean
}

/**
 * What happens to the sync status: every change of it is one of these, applied by `nextStatus`.
 * The parts that learn of them (the session, the pusher, the replications, the outbox's counts)
 * dispatch them to the status store; none of them writes the status itself.
 */
export type SyncEvent =
  /** The browser's online flag, or the change stream's view of it. */
  | { readonly type: 'online'; readonly online: boolean }
  /** The server answered a pull, a push or the stream: online, and synced at `at`. */
  | { readonly type: 'synced'; readonly at: string }
  /** The network failed (an answer of status 0). */
  | { readonly type: 'unreachable' }
  /** A 401: replication pauses until a sign-in; pending changes are kept. */
  | { readonly type: 'expired' }
  /** A 426: the server speaks a newer protocol. */
  | { readonly type: 'update-required' }
  /** Gateway mode: whether the plant's own server took the last push (the sync server answered). */
  | { readonly type: 'authority'; readonly unreachable: boolean; readonly online: boolean }
  /** "Last synced" as the device stored it, shown until an answer brings a newer one. */
  | { readonly type: 'last-synced-restored'; readonly at: string }
  /** Whose pending actions are counted; `firstSync`: show first-sync progress from now on. */
  | { readonly type: 'author'; readonly email: string; readonly firstSync?: boolean }
  /** A first sync is (still) under way: progress 0 until the replications measure it. */
  | { readonly type: 'first-sync-started' }
  /** Replication (re)started after a sign-in: no longer paused. */
  | { readonly type: 'replication-started'; readonly firstSync: boolean }
  /** First-sync progress, 0–1; null: the first sync is done. Ignored once it is done. */
  | { readonly type: 'progress'; readonly progress: number | null }
  /** During a first sync: every signal and limit of this line is stored. */
  | { readonly type: 'line-ready'; readonly lineId: string }
  | { readonly type: 'storage-error'; readonly message: string }
  /** The outbox's counts (see SyncStatus). */
  | {
      readonly type: 'pending-counts'
      readonly pending: number
      readonly saving: number
      readonly othersPending: number
    }

export const INITIAL_STATUS: SyncStatus = {
  online: true,
  pendingCount: 0,
  savingCount: 0,
  othersPendingCount: 0,
  pendingAuthorEmail: null,
  lastSyncedAt: null,
  initialProgress: null,
  paused: false,
  storageError: null,
  updateRequired: false,
  linesReady: [],
  authorityUnreachable: false,
}

/** The status after `event`; the very same object when the event changes nothing. */
export function nextStatus(status: SyncStatus, event: SyncEvent): SyncStatus {
  switch (event.type) {
    case 'online':
      return patch(status, { online: event.online })
    case 'synced':
      return patch(status, { lastSyncedAt: event.at, online: true })
    case 'unreachable':
      return patch(status, { online: false })
    case 'expired':
      return patch(status, { paused: true })
    case 'update-required':
      return patch(status, { updateRequired: true })
    case 'authority':
      // Unreachable: the sync server answered, so the device is online; nothing was synced.
      return patch(status, {
        authorityUnreachable: event.unreachable,
        ...(event.unreachable ? { online: event.online } : {}),
      })
    case 'last-synced-restored':
      return status.lastSyncedAt === null ? patch(status, { lastSyncedAt: event.at }) : status
    case 'author':
      return patch(status, {
        pendingAuthorEmail: event.email,
        ...(event.firstSync ? { initialProgress: 0 } : {}),
      })
    case 'first-sync-started':
      return patch(status, { initialProgress: 0 })
    case 'replication-started':
      return patch(status, { paused: false, ...(event.firstSync ? { initialProgress: 0 } : {}) })
    case 'progress':
      if (status.initialProgress === null) return status
      return patch(status, {
        initialProgress: event.progress,
        ...(event.progress === null ? { linesReady: [] } : {}),
      })
    case 'line-ready':
      return status.linesReady.includes(event.lineId)
        ? status
        : patch(status, { linesReady: [...status.linesReady, event.lineId] })
    case 'storage-error':
      return patch(status, { storageError: event.message })
    case 'pending-counts':
      return patch(status, {
        pendingCount: event.pending,
        savingCount: event.saving,
        othersPendingCount: event.othersPending,
      })
  }
}

/** `status` with `changes`, or `status` itself when every changed value is already there. */
function patch(status: SyncStatus, changes: Partial<SyncStatus>): SyncStatus {
  const keys = Object.keys(changes) as Array<keyof SyncStatus>
  if (keys.every((k) => Object.is(status[k], changes[k]))) return status
  return { ...status, ...changes }
}
