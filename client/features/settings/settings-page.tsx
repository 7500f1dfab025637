import { useEffect, useMemo } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useSessionValue } from '../../components/session-value'
import { usePlant, useSession, useSyncStatus } from '../../db/data-context'
import { FullPageLoading } from '../session/full-page-loading'
import { SectionHost } from './section-host'
import { SettingsNav } from './settings-nav'
import { menuItem, resolveSection, visibleMenu, type MenuAccess, type SettingsSection } from './settings-menu'

const SECTION_KEY = 'qm.settingsSection'
/** Sections whose visibility needs the plant's flags (the others are decided by the role alone). */
const FLAGGED: ReadonlySet<SettingsSection> = new Set(['MVD_ANOMALY_MONITORS', 'ETQ_RELIANCE'])

/**
 * /settings (SHELL-01..04): the side menu and the selected section. The section is in the URL
 * (?section=…); coming back without one reopens the section used last in this browser session, and a
 * section this user may not see falls back to the default (SPC alert).
 */
export function SettingsPage() {
  const { section: requested } = useSearch({ from: '/_app/settings' })
  const navigate = useNavigate()
  const session = useSession()
  const { plant, loading: plantLoading } = usePlant()
  const status = useSyncStatus()
  const [stored, setStored] = useSessionValue(SECTION_KEY)

  const access = useMemo<MenuAccess>(
    () => ({
      isAdministrator: session.status === 'signed-in' && session.user.role === 'administrator',
      flags: {
        multiVariateCreation: plant?.featureFlags.multiVariateCreation ?? false,
        etqIntegration: plant?.featureFlags.etqIntegration ?? false,
      },
      etqCustomerOverride: plant?.etqCustomerOverride ?? false,
    }),
    [session, plant],
  )

  const wanted = requested ?? stored
  // On a first sync the plant (and its flags) may not be here yet: wait rather than wrongly falling
  // back from a flagged section the user may well see.
  const waiting =
    plant === undefined &&
    FLAGGED.has(wanted as SettingsSection) &&
    (plantLoading || (status.online && status.lastSyncedAt === null))
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

  return (
    <div className="qm-settings">
      <SettingsNav entries={visibleMenu(access)} current={section} />
      <main id="qm-content" className="qm-settings-content" aria-label={title} tabIndex={-1}>
        {waiting ? <FullPageLoading label="Loading plant settings…" /> : <SectionHost section={section} />}
      </main>
    </div>
  )
}
