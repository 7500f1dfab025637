import { lazyRouteComponent } from '@tanstack/react-router'

/**
 * The code of everything behind sign-in — the session guard with the app shell, and the settings
 * page — as route components loaded on demand, so a new device's /sign-in does not download it.
 * The router (client/router.tsx) loads a chunk before rendering its route; the sign-in page calls
 * `preloadSignedInArea` when the form is sent, so the download overlaps the server's answer.
 */
export const requireSession = lazyRouteComponent(() => import('./require-session'), 'RequireSession')
export const settingsPage = lazyRouteComponent(() => import('../settings/settings-page'), 'SettingsPage')

export function preloadSignedInArea(): void {
  void Promise.all([requireSession.preload?.(), settingsPage.preload?.()]).catch(() => undefined)
}
