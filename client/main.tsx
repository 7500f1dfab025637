import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { SyncController } from './db/sync-controller'
import { browserTransport } from './db/transport'
import { registerServiceWorker } from './pwa/register-service-worker'
import './styles.css'

/**
 * A session restored from the stored identity while the server was unreachable is not verified. The
 * controller asks the server again when the browser reports the network back; this also retries
 * while the browser thinks it is online but the server was not reachable (plant Wi-Fi up, server
 * not; or a reload while offline, after which no 'online' event comes): soon at first, then less
 * often, so edits made offline go up within seconds of the server coming back.
 */
const VERIFY_RETRY_MS = { first: 2_000, max: 30_000 }

// Cold-start breakdown for the client bench: everything before this line is download, parse and
// evaluation of the app's scripts.
performance.mark('qm:script')

const controller = new SyncController({ transport: browserTransport(), isOnline: () => navigator.onLine })
void controller.start()

window.addEventListener('online', () => controller.setOnline(true))
window.addEventListener('offline', () => controller.setOnline(false))
let verifyWait = VERIFY_RETRY_MS.first
const verifyLater = (): void => {
  setTimeout(() => {
    const session = controller.session$.value
    const unverified = session.status === 'signed-in' && !session.verified
    verifyWait = unverified ? Math.min(verifyWait * 2, VERIFY_RETRY_MS.max) : VERIFY_RETRY_MS.first
    void (unverified && navigator.onLine ? controller.start() : Promise.resolve()).finally(verifyLater)
  }, verifyWait)
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
