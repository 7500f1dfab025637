import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { SyncController } from './db/sync-controller'
import { browserTransport } from './db/sync/transport'
import { preloadSignedInPage } from './features/session/preload-signed-in'
import { temporalReady } from './platform/temporal'
import { registerServiceWorker } from './pwa/register-service-worker'
import './styles.css'

/**
 * A session restored from the stored identity while the server was unreachable is not verified. The
 * controller asks the server again when the browser reports the network back; this also retries
 * while the browser thinks it is online but the server was not reachable (plant Wi-Fi up, server
 * not; or a reload while offline, after which no 'online' event comes): every half second for the
 * first minute, then every 5 s, so edits made offline go up within a second of the server coming
 * back. A check that cannot reach anything fails at once and costs nothing; checks never overlap.
 */
const VERIFY_RETRY_MS = { first: 500, firstFor: 60_000, then: 5_000 }

// Cold-start breakdown for the client bench: everything before this line is download, parse and
// evaluation of the app's scripts.
performance.mark('qm:script')

// Plant time needs Temporal: where the browser has none, its polyfill arrives first
// (client/platform/temporal.ts); where it has one, this waits a microtask.
void temporalReady.then(start)

function start(): void {
  const controller = new SyncController({
    transport: browserTransport(),
    isOnline: () => navigator.onLine,
    showStoredFirst: true,
  })
  void controller.start()
  preloadSignedInPage(window.location)

  window.addEventListener('online', () => controller.setOnline(true))
  window.addEventListener('offline', () => controller.setOnline(false))
  let unverifiedSince: number | undefined
  const verifyLater = (): void => {
    const waited = unverifiedSince === undefined ? 0 : Date.now() - unverifiedSince
    setTimeout(
      () => {
        const session = controller.session$.value
        const unverified = session.status === 'signed-in' && !session.verified
        unverifiedSince = unverified ? (unverifiedSince ?? Date.now()) : undefined
        void (unverified && navigator.onLine ? controller.start() : Promise.resolve()).finally(verifyLater)
      },
      waited < VERIFY_RETRY_MS.firstFor ? VERIFY_RETRY_MS.first : VERIFY_RETRY_MS.then,
    )
  }
  verifyLater()

  // Read-only handle for benchmarks and diagnostics in the browser console (no secrets live here).
  ;(window as unknown as { __qm: unknown }).__qm = { controller }

  registerServiceWorker()

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(
    <StrictMode>
      <App controller={controller} />
    </StrictMode>,
  )
}
