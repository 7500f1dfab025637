import { BehaviorSubject } from 'rxjs'
import { INITIAL_STATUS, nextStatus, type SyncEvent, type SyncStatus } from './sync-status'

/**
 * The sync status as screens subscribe to it (SyncController.status$), changed only by events
 * (`nextStatus`). An event that changes nothing emits nothing, so screens do not re-render for it.
 */
export class SyncStatusStore {
  readonly status$: BehaviorSubject<SyncStatus>

  constructor(online: boolean) {
    this.status$ = new BehaviorSubject<SyncStatus>({ ...INITIAL_STATUS, online })
  }

  get value(): SyncStatus {
    return this.status$.value
  }

  readonly dispatch = (event: SyncEvent): void => {
    const next = nextStatus(this.status$.value, event)
    if (next !== this.status$.value) this.status$.next(next)
  }
}
