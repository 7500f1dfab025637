import { useEffect } from 'react'
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router'
import { AppShell } from '../../app-shell'
import { useSession } from '../../db/react/data-context'
import { FullPageLoading } from './full-page-loading'
import { isLocalPath } from './redirect-target'

/**
 * The guard of every signed-in route: waits while the session is being restored, sends signed-out
 * users to /sign-in (and back here after), and otherwise renders the frame. Offline, the identity
 * stored on the device counts as signed in, so the app opens with no network.
 */
export function RequireSession() {
  const session = useSession()
  const navigate = useNavigate()
  // The settled location: while the redirect itself is pending, `location` is already /sign-in.
  const here = useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).href })
  const signedOut = session.status === 'signed-out'

  useEffect(() => {
    // During its own redirect this guard can render once more with `here` already on /sign-in (the
    // frame's code is loaded on demand, so the old match may outlive the navigation by a render):
    // navigating again from there would drop the ?redirect= just set.
    if (!signedOut || here.startsWith('/sign-in')) return
    void navigate({ to: '/sign-in', search: isLocalPath(here) ? { redirect: here } : {}, replace: true })
  }, [signedOut, here, navigate])

  if (session.status === 'loading') return <FullPageLoading label="Opening Quality Monitoring…" />
  if (session.status === 'signed-out') return <FullPageLoading label="Signing in…" />
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}
