import { Messages } from '../../../shared/validation/messages'
import { ProgressBar, StatusLight } from '@adobe/react-spectrum'
import { PlantDateTime } from '../../components/plant-date-time'
import { useSyncStatus } from '../../db/react/data-context'

/**
 * The sync status control of the frame header (OFF-03): online/offline, pending changes, last synced
 * time in plant time, first-sync progress, paused after an expired session, storage errors.
 */
export function SyncStatus() {
  const status = useSyncStatus()
  const pending = status.pendingCount
  const saving = status.savingCount
  const lastSyncedAt = status.lastSyncedAt
  // While a first sync runs only its progress is true: "All changes synced" would not be.
  const firstSync = status.initialProgress !== null
  return (
    <div className="qm-sync-status" role="group" aria-label="Sync status" data-testid="sync-status">
      {/* Only the connection state is a live region: the pending count changes too often to announce. */}
      <span role="status" aria-live="polite">
        {status.paused ? (
          <StatusLight variant="notice">
            <span className="qm-sync-paused">Paused: sign in to sync</span>
          </StatusLight>
        ) : status.online && status.authorityUnreachable ? (
          <StatusLight variant="notice">
            <span title={Messages.sync.authorityUnreachable}>{Messages.sync.authorityUnreachableShort}</span>
          </StatusLight>
        ) : (
          <StatusLight variant={status.online ? 'positive' : 'neutral'}>
            {status.online ? 'Online' : 'Offline'}
          </StatusLight>
        )}
      </span>
      {/* Pending: kept on this device. "All changes synced" is not true while a change is saving. */}
      {(pending > 0 || (!firstSync && saving === 0)) && (
        <span data-testid="pending-count">
          {pending === 0
            ? 'All changes synced'
            : `${pending} pending ${pending === 1 ? 'change' : 'changes'}`}
        </span>
      )}
      {saving > 0 && <span data-testid="saving-count">Saving on this device…</span>}
      {status.othersPendingCount > 0 && (
        <span data-testid="others-pending">
          {status.othersPendingCount} {status.othersPendingCount === 1 ? 'change' : 'changes'} by another user
          wait here until they sign in again
        </span>
      )}
      {status.updateRequired && <span role="alert">{Messages.sync.upgradeRequired}</span>}
      {!firstSync && (
        <span>Last synced: {lastSyncedAt !== null ? <PlantDateTime utc={lastSyncedAt} /> : 'not yet'}</span>
      )}
      {status.initialProgress !== null && (
        <ProgressBar
          label="First sync"
          size="S"
          width="size-2000"
          UNSAFE_className="qm-first-sync-progress"
          value={Math.round(status.initialProgress * 100)}
        />
      )}
      {status.storageError !== null && (
        <span className="qm-sync-error" role="alert">
          {status.storageError}
        </span>
      )}
    </div>
  )
}
