import { createElement, lazy, type ComponentType } from 'react'
import { SETTINGS_SECTIONS } from '../../../shared/constants'
import { ComingSoon } from '../../components/coming-soon'
import { menuItem, type SettingsSection } from './settings-menu'

/**
 * Section id → the page shown for it. Built pages are loaded on demand (React.lazy: each one is its
 * own chunk, so opening /settings does not download every screen); the rest show "coming soon" with
 * the section's title inside the real frame.
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

const comingSoon = (title: string): ComponentType => {
  const Page = () => createElement(ComingSoon, { title })
  Page.displayName = `ComingSoon(${title})`
  return Page
}

export const SECTION_PAGES: Readonly<Record<SettingsSection, ComponentType>> = Object.fromEntries(
  SETTINGS_SECTIONS.map((section) => {
    const load = BUILT[section]
    return [section, load ? lazy(load) : comingSoon(menuItem(section).title)]
  }),
) as Record<SettingsSection, ComponentType>

/** Starts downloading a section's code early (hover/focus on its menu link, a URL naming it). */
export function preloadSection(section: SettingsSection | string): void {
  if (Object.hasOwn(BUILT, section)) void BUILT[section as SettingsSection]?.().catch(() => undefined)
}
