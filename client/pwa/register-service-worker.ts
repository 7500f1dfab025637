import { registerSW } from 'virtual:pwa-register'

/**
 * Service-worker registration (vite-plugin-pwa, registerType 'prompt'): a new version waits until the
 * user chooses Update in the prompt. The state lives here, outside React, because the worker reports
 * before and independently of any component.
 */
export interface UpdateState {
  /** A new version is installed and waiting. */
  readonly needRefresh: boolean
  /** The user chose "Later": the prompt hides, the header keeps a small "Update" button. */
  readonly deferred: boolean
  readonly updating: boolean
}

/** How often an open app asks the server for a new version (long-running plant-floor tablets). */
const UPDATE_CHECK_MS = 60 * 60_000

let state: UpdateState = { needRefresh: false, deferred: false, updating: false }
const listeners = new Set<() => void>()
let updateSW: ((reloadPage?: boolean) => Promise<void>) | undefined

function set(patch: Partial<UpdateState>): void {
  state = { ...state, ...patch }
  for (const l of listeners) l()
}

export const updateStore = {
  get: (): UpdateState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => set({ needRefresh: true, deferred: false }),
    // The plugin's own reload (a controlled page whose controller changed) goes through reloadOnce too.
    onNeedReload: reloadOnce,
    onRegisteredSW(_url, registration) {
      if (!registration) return
      setInterval(() => {
        if (navigator.onLine && registration.installing === null)
          void registration.update().catch(() => undefined)
      }, UPDATE_CHECK_MS)
    },
    onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error),
  })
}

export const deferUpdate = (): void => set({ deferred: true })

/**
 * Activates the waiting version and reloads. Pending changes are safe: every local write is already
 * committed to IndexedDB, which the new version opens as it is.
 *
 * The reload follows the new worker being active, not only a change of this page's controller: a
 * page opened before the app was installed has no controller (the worker does not claim clients), so
 * no controller change ever comes — and with no page using the old worker, the new one does not even
 * wait, it is active already. Without this, Update would do nothing on that page.
 */
export async function applyUpdate(): Promise<void> {
  if (!updateSW) return
  set({ updating: true })
  try {
    const waiting = (await navigator.serviceWorker.getRegistration())?.waiting
    if (!waiting) {
      reloadOnce()
      return
    }
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'activated') reloadOnce()
    })
    await updateSW(true)
  } catch {
    set({ updating: false })
  }
}

let reloading = false
/** Both paths above may ask; the page reloads once. */
function reloadOnce(): void {
  if (reloading) return
  reloading = true
  window.location.reload()
}
