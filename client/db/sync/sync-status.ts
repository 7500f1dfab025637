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
