import { useCallback, useState, type ReactNode } from 'react'
import { ActionButton, Text } from '@adobe/react-spectrum'
import { useConfirm } from './components/confirm'
import { useAppData, usePlant, useSession, useSyncIssues } from './db/react/data-context'
import { RejectionAnnouncer } from './features/sync/rejection-announcer'
import { SyncIssuesPanel } from './features/sync/sync-issues-panel'
import { SyncStatus } from './features/sync/sync-status'
import { UpdateButton } from './pwa/update-prompt'

export const PRODUCT_NAME = 'Quality Monitoring'

/**
 * The frame around every signed-in screen: product, plant and its time zone, sync status, the Sync
 * issues panel, and sign-out. It renders from the local database, so it also opens offline.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const [issuesOpen, setIssuesOpen] = useState(false)
  const openIssues = useCallback(() => setIssuesOpen(true), [])
  const closeIssues = useCallback(() => setIssuesOpen(false), [])
  const issues = useSyncIssues()
  const { plant } = usePlant()

  return (
    <div className="qm-app">
      <a className="qm-skip-link" href="#qm-content">
        Skip to content
      </a>
      <header className="qm-header">
        <h1 className="qm-header-product">{PRODUCT_NAME}</h1>
        <div className="qm-header-plant" data-testid="plant">
          <strong>{plant?.name ?? 'Plant'}</strong>
          <span>Plant time: {plant?.timeZone ?? '…'}</span>
        </div>
        <SyncStatus />
        <div className="qm-header-actions">
          <UpdateButton />
          {/* While it holds something the button stands out (negative fill) so it is not missed; one
              element either way, so focus can return to it when the panel closes. */}
          <ActionButton
            onPress={openIssues}
            aria-haspopup="dialog"
            UNSAFE_className={issues.length > 0 ? 'qm-hit qm-issues-waiting' : 'qm-hit'}
          >
            Sync issues ({issues.length})
          </ActionButton>
          <UserMenu />
        </div>
      </header>
      <div className="qm-main">{children}</div>
      <SyncIssuesPanel isOpen={issuesOpen} onClose={closeIssues} />
      <RejectionAnnouncer onShowIssues={openIssues} />
    </div>
  )
}

function UserMenu() {
  const { controller } = useAppData()
  const session = useSession()
  const confirm = useConfirm()
  if (session.status !== 'signed-in') return null

  const signOut = async () => {
    // Read when asked: the menu does not re-render on every pending count.
    const { pendingCount } = controller.status$.value
    // Signing out keeps this plant's local data and its pending changes; say so before leaving.
    if (pendingCount > 0) {
      const ok = await confirm({
        title: 'Sign out?',
        body: `${pendingCount} ${pendingCount === 1 ? 'change has' : 'changes have'} not synced yet. ${pendingCount === 1 ? 'It stays' : 'They stay'} on this device and will sync the next time you sign in.`,
        confirmLabel: 'Sign out',
      })
      if (!ok) return
    }
    await controller.signOut()
  }

  return (
    <div className="qm-header-user">
      {/* The role for every user (user or administrator), so an operator can tell too. */}
      <Text UNSAFE_className="qm-header-user-name" data-testid="signed-in-user">
        {session.user.email} ({session.user.role})
      </Text>
      <ActionButton onPress={() => void signOut()} UNSAFE_className="qm-hit">
        Sign out
      </ActionButton>
    </div>
  )
}
