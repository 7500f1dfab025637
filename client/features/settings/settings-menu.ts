import { DEFAULT_SETTINGS_SECTION, SETTINGS_SECTIONS } from '../../../shared/constants'
import type { FeatureFlags } from '../../../shared/schema/plant'
import { Messages } from '../../../shared/validation/messages'

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]

export const isSettingsSection = (value: unknown): value is SettingsSection =>
  typeof value === 'string' && (SETTINGS_SECTIONS as ReadonlyArray<string>).includes(value)

/** What decides which items the menu shows (SHELL-03, SHELL-04). */
export interface MenuAccess {
  readonly isAdministrator: boolean
  readonly flags: Pick<FeatureFlags, 'multiVariateCreation' | 'etqIntegration'>
  readonly etqCustomerOverride: boolean
}

export interface MenuItem {
  readonly section: SettingsSection
  /** The menu text (settings-area.md §2). */
  readonly label: string
  /** The section's own name, used for the page title. */
  readonly title: string
  readonly visible: (access: MenuAccess) => boolean
}

/** A group with a heading, or (Users) an item that stands alone at the group level. */
export type MenuEntry =
  | { readonly kind: 'group'; readonly title: string; readonly items: ReadonlyArray<MenuItem> }
  | { readonly kind: 'item'; readonly item: MenuItem }

const always = () => true
const adminOnly = (a: MenuAccess) => a.isAdministrator

/** The side menu titled Settings, exactly as settings-area.md §2's table. */
export const SETTINGS_MENU: ReadonlyArray<MenuEntry> = [
  {
    kind: 'group',
    title: 'Anomaly Monitors',
    items: [
      {
        section: 'SVD_ANOMALY_MONITORS',
        label: 'Single-Variate',
        title: 'Single-Variate Monitors',
        visible: always,
      },
      {
        section: 'MVD_ANOMALY_MONITORS',
        label: 'Multi-Variate',
        title: 'Multi-Variate Monitors',
        visible: (a) => a.flags.multiVariateCreation,
      },
    ],
  },
  {
    kind: 'group',
    title: 'Capability Metrics',
    items: [
      { section: 'SPC_ALERT', label: 'Alerts', title: 'Cap Alerts', visible: always },
      { section: 'SPC_LIMITS', label: 'Limits', title: 'Cap Limits', visible: always },
    ],
  },
  {
    kind: 'group',
    title: 'Data Management',
    items: [
      {
        section: 'DATA_SOURCES',
        label: 'Data Sources',
        title: Messages.dataSources.title,
        visible: adminOnly,
      },
      {
        section: 'SIGNAL_MANAGEMENT',
        label: 'Signal Management',
        title: 'Signal Management',
        visible: always,
      },
      { section: 'LINE_MANAGEMENT', label: 'Line Management', title: 'Line Management', visible: always },
    ],
  },
  {
    kind: 'group',
    title: 'Integrations',
    items: [
      {
        section: 'MS_TEAMS',
        label: 'Microsoft Teams',
        title: 'Microsoft Teams Integrations',
        visible: always,
      },
      {
        section: 'ETQ_RELIANCE',
        label: 'ETQ Reliance',
        title: 'ETQ Reliance Integrations',
        visible: (a) => a.flags.etqIntegration || a.etqCustomerOverride,
      },
    ],
  },
  {
    kind: 'item',
    item: { section: 'USER_MANAGEMENT', label: 'Users', title: 'Users', visible: adminOnly },
  },
]

const ALL_ITEMS: ReadonlyArray<MenuItem> = SETTINGS_MENU.flatMap((e) =>
  e.kind === 'group' ? e.items : [e.item],
)

export const menuItem = (section: SettingsSection): MenuItem => {
  const item = ALL_ITEMS.find((i) => i.section === section)
  if (!item) throw new Error(`No menu item for ${section}`)
  return item
}

/** The menu this user sees: hidden items removed, empty groups dropped. */
export function visibleMenu(access: MenuAccess): ReadonlyArray<MenuEntry> {
  return SETTINGS_MENU.flatMap((entry): MenuEntry[] => {
    if (entry.kind === 'item') return entry.item.visible(access) ? [entry] : []
    const items = entry.items.filter((i) => i.visible(access))
    return items.length > 0 ? [{ ...entry, items }] : []
  })
}

/**
 * The section to show: the one asked for (URL, else the one kept for the session) when this user may
 * see it, else the default SPC alert section.
 */
export function resolveSection(requested: unknown, access: MenuAccess): SettingsSection {
  if (isSettingsSection(requested) && menuItem(requested).visible(access)) return requested
  return DEFAULT_SETTINGS_SECTION
}
