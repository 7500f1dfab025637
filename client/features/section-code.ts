import type { ComponentType } from 'react'
import type { SettingsSection } from './settings/settings-menu'

/**
 * The code of each settings section, loaded on demand: each page is its own chunk, so opening
 * /settings does not download every screen. Kept apart from the settings page (settings/sections.ts)
 * and small, so the first screen's code can start a section's download at once on a cold start
 * (session/preload-signed-in.ts) instead of after the settings page's own code has arrived.
 */
// Every section has a page: the type makes a new section without one a compile error.
const BUILT: Record<SettingsSection, () => Promise<{ default: ComponentType }>> = {
  LINE_MANAGEMENT: () => import('./lines/line-management-page'),
  SVD_ANOMALY_MONITORS: () => import('./monitors/svd-monitors-page'),
  MVD_ANOMALY_MONITORS: () => import('./monitors/mvd-monitors-page'),
  SPC_ALERT: () => import('./cap-alerts/cap-alerts-page'),
  SPC_LIMITS: () => import('./cap-limits/cap-limits-page'),
  MS_TEAMS: () => import('./integrations/teams-page'),
  ETQ_RELIANCE: () => import('./integrations/reliance-page'),
  USER_MANAGEMENT: () => import('./users/users-page'),
  DATA_SOURCES: () => import('./data-sources/data-sources-page'),
  SIGNAL_MANAGEMENT: () => import('./signals/signal-management-page'),
}

/** The section's page, once its code is here. */
export const loadedPage = (section: SettingsSection): ComponentType | undefined => loaded.get(section)

/** Downloads a section's page (once; a failed download is tried again on the next call). */
export function loadPage(section: SettingsSection): Promise<ComponentType> {
  const from = BUILT[section]
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

/** Starts downloading a section's code early (hover/focus on its menu link, a URL naming it). */
export function preloadSection(section: SettingsSection | string): void {
  if (Object.hasOwn(BUILT, section)) void loadPage(section as SettingsSection).catch(() => undefined)
}

const loaded = new Map<SettingsSection, ComponentType>()
const loading = new Map<SettingsSection, Promise<ComponentType>>()
