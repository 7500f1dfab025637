import { useCallback, useEffect, useMemo, useState } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { isAdministrator } from '../../../shared/schema/user'
import { useSessionValue } from '../../components/session-value'
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '../../components/use-media-query'
import { MAIN_CONTENT_ID } from '../../components/focus'
import { usePlant, useSession, useSyncStatusOf } from '../../db/react/data-context'
import { markOnce } from '../../db/first-marks'
import { FullPageLoading } from '../session/full-page-loading'
import { preloadSection } from '../section-code'
import { SectionHost } from './section-host'
import { SettingsMenuButton, SettingsMenuDrawer } from './settings-menu-drawer'
import { SettingsNav, SettingsNavSkeleton } from './settings-nav'
import { menuItem, resolveSection, visibleMenu, type MenuAccess } from './settings-menu'

const SECTION_KEY = 'qm.settingsSection'

/**
 * /settings (SHELL-01..04): the side menu and the selected section. The section is in the URL
 * (?section=…); coming back without one reopens the section used last in this browser session, and a
 * section this user may not see falls back to the default (SPC alert). At WIDE_LAYOUT_QUERY and wider
 * the menu is a column; narrower (tablets) it is a drawer opened from a Menu button.
 */
export function SettingsPage() {
  const { section: requested } = useSearch({ from: '/_app/settings' })
  const navigate = useNavigate()
  const session = useSession()
  const { plant, loading: plantLoading } = usePlant()
  // Only what the frame needs: it must not re-render on every pending count an edit brings.
  const online = useSyncStatusOf((s) => s.online)
  const firstSyncRunning = useSyncStatusOf((s) => s.initialProgress !== null || s.lastSyncedAt === null)
  const [stored, setStored] = useSessionValue(SECTION_KEY)

  const access = useMemo<MenuAccess>(
    () => ({
      // The session's current role: a re-check (db/session/session.ts) that demotes hides Users and Data Sources.
      isAdministrator: session.status === 'signed-in' && isAdministrator(session.user.role),
      flags: {
        multiVariateCreation: plant?.featureFlags.multiVariateCreation ?? false,
        etqIntegration: plant?.featureFlags.etqIntegration ?? false,
      },
      etqCustomerOverride: plant?.etqCustomerOverride ?? false,
    }),
    [session, plant],
  )

  markOnce('qm:settings rendered')
  const wanted = requested ?? stored
  // Its code downloads while the plant and the menu are still loading, not after.
  useEffect(() => {
    if (wanted) preloadSection(wanted)
  }, [wanted])
  // On a first sync the plant (its flags decide menu items and what sections show) may not be here
  // yet: wait for it, so the menu appears once with its final items and no section falls back from
  // a flagged item the user may well see. Offline with no plant yet there is nothing to wait for.
  // (lastSyncedAt is set by the first collection that answers, so the first sync's progress decides.)
  const waiting = plant === undefined && (plantLoading || (online && firstSyncRunning))
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY)
  const [menuOpen, setMenuOpen] = useState(false)
  const openMenu = useCallback(() => setMenuOpen(true), [])
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  // Turned to landscape (or a wider window) with the drawer open: the column replaces it.
  if (wide && menuOpen) setMenuOpen(false)
  const section = resolveSection(wanted, access)
  const title = menuItem(section).title

  useEffect(() => {
    if (waiting) return
    if (stored !== section) setStored(section)
    if (requested !== section) void navigate({ to: '/settings', search: { section }, replace: true })
  }, [waiting, stored, section, requested, setStored, navigate])

  useEffect(() => {
    document.title = `${title} · Settings · Quality Monitoring`
  }, [title])

  const menu = (inDrawer: boolean) =>
    waiting ? (
      <SettingsNavSkeleton inDrawer={inDrawer} />
    ) : (
      <SettingsNav
        entries={visibleMenu(access)}
        current={section}
        inDrawer={inDrawer}
        {...(inDrawer ? { onNavigate: closeMenu } : {})}
      />
    )

  return (
    <div className="qm-settings">
      {wide && menu(false)}
      <main id={MAIN_CONTENT_ID} className="qm-settings-content" aria-label={title} tabIndex={-1}>
        {!wide && (
          <div className="qm-settings-bar">
            <SettingsMenuButton isOpen={menuOpen} onOpen={openMenu} />
          </div>
        )}
        {waiting ? <FullPageLoading label="Loading plant settings…" /> : <SectionHost section={section} />}
      </main>
      {!wide && (
        <SettingsMenuDrawer isOpen={menuOpen} onClose={closeMenu}>
          {menu(true)}
        </SettingsMenuDrawer>
      )}
    </div>
  )
}
