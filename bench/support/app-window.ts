import type { SyncController } from '../../client/db/sync-controller'

/**
 * The read-only diagnostics handle client/main.tsx puts on `window.__qm`, typed by the app's own
 * controller, so code the benchmarks evaluate in the page is checked against what the page really
 * has (a type only: nothing of the client is imported at run time).
 */
export interface AppWindow {
  readonly __qm: { readonly controller: SyncController }
}
