import { Link } from '@tanstack/react-router'
import { preloadSection } from './sections'
import type { MenuEntry, MenuItem, SettingsSection } from './settings-menu'

/**
 * The side menu titled Settings. Plain links in lists: Tab moves through them, Enter opens one, and
 * the current section is marked with aria-current so screen readers announce it.
 */
export function SettingsNav({
  entries,
  current,
}: {
  entries: ReadonlyArray<MenuEntry>
  current: SettingsSection
}) {
  return (
    <nav className="qm-settings-nav" aria-labelledby="qm-settings-nav-title">
      <h2 id="qm-settings-nav-title">Settings</h2>
      {entries.map((entry) =>
        entry.kind === 'group' ? (
          <section key={entry.title} aria-labelledby={`qm-menu-${entry.title}`}>
            <h3 id={`qm-menu-${entry.title}`}>{entry.title}</h3>
            <ul>
              {entry.items.map((item) => (
                <li key={item.section}>
                  <MenuLink item={item} current={current} />
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <MenuLink key={entry.item.section} item={entry.item} current={current} topLevel />
        ),
      )}
    </nav>
  )
}

function MenuLink({
  item,
  current,
  topLevel,
}: {
  item: MenuItem
  current: SettingsSection
  topLevel?: boolean
}) {
  const isCurrent = item.section === current
  return (
    <Link
      to="/settings"
      search={{ section: item.section }}
      aria-current={isCurrent ? 'page' : undefined}
      data-section={item.section}
      className={topLevel ? 'qm-top-item' : undefined}
      onMouseEnter={() => preloadSection(item.section)}
      onFocus={() => preloadSection(item.section)}
    >
      {item.label}
    </Link>
  )
}
