import { readSessionHint } from '../../db/session/session-hint'
import { preloadSection } from '../section-code'
import { preloadSignedInArea } from './signed-in-area'

/**
 * A cold start of a device that had a session (the session hint, db/session/session-hint.ts) on a signed-in
 * page: the frame's code and the settings section the URL names start downloading with the local
 * database (main.tsx), instead of one after the other as the router, the settings page and the
 * section reach them. Only a head start: each is still loaded where it is used when this did not
 * run (no hint, /sign-in, no section in the URL).
 */
export function preloadSignedInPage(location: Pick<Location, 'pathname' | 'search'>): void {
  if (!readSessionHint() || location.pathname.startsWith('/sign-in')) return
  preloadSignedInArea()
  const section = new URLSearchParams(location.search).get('section')
  if (location.pathname.startsWith('/settings') && section) preloadSection(section)
}
