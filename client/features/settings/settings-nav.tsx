import { Link } from '@tanstack/react-router'
import { SkeletonBar } from '../../components/skeleton'
import { preloadSection } from '../section-code'
import type { MenuEntry, MenuItem, SettingsSection } from './settings-menu'

/**
 * The side menu titled Settings. Plain links in lists: Tab moves through them, Enter opens one, and
 * the current section is marked with aria-current so screen readers announce it. The same menu is a
 * column on wide screens and the content of the menu drawer on tablets (client/features/settings/
 * settings-page.tsx); inside the drawer, the drawer's heading is its title.
 */
export function SettingsNav({
  entries,
  current,
  inDrawer = false,
  onNavigate,
}: {
  entries: ReadonlyArray<MenuEntry>
  current: SettingsSection
  inDrawer?: boolean
  /** Called when a link is chosen (the drawer closes). */
  onNavigate?: () => void
}) {
  const labelling = inDrawer ? { 'aria-label': 'Settings' } : { 'aria-labelledby': 'qm-settings-nav-title' }
  return (
    <nav className="qm-settings-nav" {...labelling}>
      {!inDrawer && <h2 id="qm-settings-nav-title">Settings</h2>}
      {entries.map((entry) =>
        entry.kind === 'group' ? (
          <section key={entry.title} aria-labelledby={`qm-menu-${entry.title}`}>
            <h3 id={`qm-menu-${entry.title}`}>{entry.title}</h3>
            <ul>
              {entry.items.map((item) => (
                <li key={item.section}>
                  <MenuLink item={item} current={current} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <MenuLink
            key={entry.item.section}
            item={entry.item}
            current={current}
            onNavigate={onNavigate}
            topLevel
          />
        ),
      )}
    </nav>
  )
}

/**
 * The menu while the plant's feature flags are not on this device yet (first sign-in): which items
 * exist depends on them, so the menu appears once, complete, instead of growing under the user's finger.
 */
export function SettingsNavSkeleton({ inDrawer = false }: { inDrawer?: boolean }) {
  return (
    <div className="qm-settings-nav" role="status" aria-busy="true" aria-label="Loading the settings menu">
      {!inDrawer && <h2>Settings</h2>}
      <div className="qm-menu-skeleton">
        {['55%', '70%', '60%', '45%', '75%', '65%', '50%', '70%'].map((width, i) => (
          <SkeletonBar key={i} width={width} height={18} />
        ))}
      </div>
    </div>
  )
}

function MenuLink({
  item,
  current,
  topLevel,
  onNavigate,
}: {
  item: MenuItem
  current: SettingsSection
  topLevel?: boolean
  onNavigate: (() => void) | undefined
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
      onClick={onNavigate}
    >
      {item.label}
    </Link>
  )
}
