import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router'
import { Content, Heading, IllustratedMessage } from '@adobe/react-spectrum'
import { FullPageLoading } from './features/session/full-page-loading'
import { isLocalPath } from './features/session/redirect-target'
import { SignInPage } from './features/session/sign-in-page'
import { requireSession, settingsPage } from './features/session/signed-in-area'
import { isSettingsSection, type SettingsSection } from './features/settings/settings-menu'

/**
 * Code-based routes. The entry chunk holds only what /sign-in shows (a new device's first screen);
 * the signed-in frame (features/session/signed-in-area.ts: the session guard with the app shell, and the
 * settings page) is in chunks of its own, loaded by the router before it renders them (FullPageLoading while
 * that takes longer than a moment), and the settings sections are split per page
 * (features/settings/sections.ts). The service worker precaches every chunk and answers every
 * navigation with index.html, so each of these paths also opens offline.
 */
const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFound })

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/settings', replace: true })
  },
})

export interface SignInSearch {
  /** Where to go after signing in (a path on this site). */
  readonly redirect?: string
}

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in',
  validateSearch: (search: Record<string, unknown>): SignInSearch =>
    typeof search.redirect === 'string' && isLocalPath(search.redirect) ? { redirect: search.redirect } : {},
  component: SignInPage,
})

/** Every route below needs a signed-in user (or the identity stored on this device when offline). */
const appRoute = createRoute({ getParentRoute: () => rootRoute, id: '_app', component: requireSession })

export interface SettingsSearch {
  readonly section?: SettingsSection
}

const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings',
  validateSearch: (search: Record<string, unknown>): SettingsSearch =>
    isSettingsSection(search.section) ? { section: search.section } : {},
  component: settingsPage,
})

/** DS-02: where a data source's Insight button leads (features/data-sources/insight-mapping-page.tsx). */
const insightMappingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'insight-mapping',
  validateSearch: (search: Record<string, unknown>) => ({
    sourceId: typeof search.sourceId === 'string' ? search.sourceId : '',
    mappingVersion: typeof search.mappingVersion === 'string' ? search.mappingVersion : '',
  }),
  component: lazyRouteComponent(() => import('./features/data-sources/insight-mapping-page')),
})

const routeTree = rootRoute.addChildren([
  indexRoute,
  signInRoute,
  appRoute.addChildren([settingsRoute, insightMappingRoute]),
])

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingComponent: () => <FullPageLoading label="Opening Quality Monitoring…" />,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

function NotFound() {
  return (
    <main className="qm-centered">
      <IllustratedMessage>
        <Heading level={1}>Page not found</Heading>
        <Content>
          <Link to="/settings">Go to Settings</Link>
        </Content>
      </IllustratedMessage>
    </main>
  )
}
