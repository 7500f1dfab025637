import { createElement, useEffect, useReducer, useState, type ComponentType } from 'react'
import { SETTINGS_SECTIONS } from '../../../shared/constants'
import { ComingSoon } from '../../components/coming-soon'
import { menuItem, type SettingsSection } from './settings-menu'

/**
 * Section id → the page shown for it. Built pages are loaded on demand (each one is its own chunk,
 * so opening /settings does not download every screen); the rest show "coming soon" with the
 * section's title inside the real frame.
 *
 * Not React.lazy, nor any suspending: a lazy component suspends on its first render even when its
 * code has arrived already, and React then holds the revealed page back until its fallback has
 * shown for a while (about 300 ms). A page whose code is here (preloadSection: a URL naming it, a
 * hover on its menu link) renders at once; until then useSectionPage answers undefined and the
 * host shows its loading state (section-host.tsx).
 */
const BUILT: Partial<Record<SettingsSection, () => Promise<{ default: ComponentType }>>> = {
  LINE_MANAGEMENT: () => import('../lines/line-management-page'),
  SVD_ANOMALY_MONITORS: () => import('../monitors/svd-monitors-page'),
  MVD_ANOMALY_MONITORS: () => import('../monitors/mvd-monitors-page'),
  SPC_ALERT: () => import('../cap-alerts/cap-alerts-page'),
  SPC_LIMITS: () => import('../cap-limits/cap-limits-page'),
  MS_TEAMS: () => import('../integrations/teams-page'),
  ETQ_RELIANCE: () => import('../integrations/reliance-page'),
  USER_MANAGEMENT: () => import('../users/users-page'),
  DATA_SOURCES: () => import('../data-sources/data-sources-page'),
  SIGNAL_MANAGEMENT: () => import('../signals/signal-management-page'),
}

/** Per built section: its page once the code is here, and its download (a failed one is tried again). */
const loaded = new Map<SettingsSection, ComponentType>()
const loading = new Map<SettingsSection, Promise<ComponentType>>()

function load(section: SettingsSection, from: () => Promise<{ default: ComponentType }>) {
  let promise = loading.get(section)
  if (!promise) {
    promise = from().then(
      (m) => {
        loaded.set(section, m.default)
        return m.default
      },
      (err: unknown) => {
        loading.delete(section)
        throw err
      },
    )
    loading.set(section, promise)
  }
  return promise
}

const comingSoon = (title: string): ComponentType => {
  const Page = () => createElement(ComingSoon, { title })
  Page.displayName = `ComingSoon(${title})`
  return Page
}

const COMING_SOON: Partial<Record<SettingsSection, ComponentType>> = Object.fromEntries(
  SETTINGS_SECTIONS.filter((section) => !BUILT[section]).map((section) => [
    section,
    comingSoon(menuItem(section).title),
  ]),
)

/**
 * The section's page once its code is here (undefined while it downloads, which this starts). A
 * failed download is thrown from the render, for the host's error boundary.
 */
export function useSectionPage(section: SettingsSection): ComponentType | undefined {
  // The page itself lives in `loaded`; this state only says that it arrived, or why it did not.
  const [, arrived] = useReducer((n: number) => n + 1, 0)
  const [failed, setFailed] = useState<{ readonly section: SettingsSection; readonly error: unknown }>()
  const from = BUILT[section]
  useEffect(() => {
    if (!from || loaded.has(section)) return
    let current = true
    load(section, from).then(
      () => current && arrived(),
      (error: unknown) => current && setFailed({ section, error }),
    )
    return () => {
      current = false
    }
  }, [section, from])
  if (failed?.section === section) throw failed.error
  return COMING_SOON[section] ?? loaded.get(section)
}

/** Starts downloading a section's code early (hover/focus on its menu link, a URL naming it). */
export function preloadSection(section: SettingsSection | string): void {
  if (!Object.hasOwn(BUILT, section)) return
  const from = BUILT[section as SettingsSection]
  if (from) void load(section as SettingsSection, from).catch(() => undefined)
}
