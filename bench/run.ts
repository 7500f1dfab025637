import { benchClientFirstSync } from './client-first-sync'
import { benchClientInteraction } from './client-interaction'
import { benchFirstScreen } from './first-screen'
import { benchGateway } from './gateway'
import { benchLimitsGrid } from './limits-grid'
import { benchMonitorForm } from './monitor-form'
import { benchServerLoad } from './server-load'
import { benchScreenJavaScript } from './screen-javascript'
import { benchServerReplication } from './server-replication'
import { benchSignalTree } from './signal-tree'
import { benchStorageLayouts } from './storage-layouts'
import { benchTablet } from './tablet'

/**
 * `npm run bench [-- --signals N] [--only load|server|client|first-screen|limits|monitor-form|signals|interaction|layouts|gateway|javascript|tablet]`:
 * prints figures; never passes or fails on time. Every browser bench serves on BENCH_PORT when set.
 * - load: the server as npm start runs it — start time, idle resident memory, 50 clients' latency;
 * - server: pull / push throughput and push→stream latency beside the raw database (PGlite);
 * - client: first sync in headless Chromium beside a raw IndexedDB write and one in RxDB's layout, the
 *   CPU each part used, cold start offline to the first Line Management row, gzip size of the first
 *   screen's JavaScript;
 * - first-screen: gzip JS and CSS each first screen requests (sign-in, Cap Alerts, Line Management)
 *   against the small demo plant;
 * - limits: the Cap Limits grid on a ~1,000-row line — open, rows rendered, typing, scrolling;
 * - monitor-form: the Signals tab on a line of ~3,000 signals (tab → tree, open a station, per press);
 * - signals: Signal Management on a line of 5,000 signals — tree shown, shift range selected;
 * - interaction: a plant of 5,000 signals (or --signals N) — local edit → UI, edit on one device →
 *   shown on another, 1,000 offline edits → acknowledged after reconnect, JS heap, each beside its goal;
 * - layouts: IndexedDB alone, by storage layout — a plant's signals written and one line read back;
 * - gateway: gateway mode (AUTHORITY_URL) beside the authority, separate processes — actions pushed
 *   through it vs the same REST calls made directly, a change on the authority → the gateway's stream
 *   (polling, then pokes), the gateway's first read of a plant of --signals N and a protocol-level
 *   first sync through it vs directly, each beside its goal;
 * - tablet: a plant of --signals N on a tablet's CPU (4× throttled: sign-in, cold start offline, 1,000
 *   real key presses beside a second device) and on plant Wi-Fi (5/1 Mbit/s, 100 ms: first visit of
 *   /sign-in, first sync beside its transfer floor), each beside its goal; BENCH_TABLET_PARTS picks
 *   parts, and `…,floor` adds the key press's floor (bench/support/key-press-floor.ts);
 * - javascript: each screen's JavaScript on a fresh load as sent (compressed) — /sign-in and every
 *   settings section signed in, service worker blocked — the largest beside its goal.
 */
const args = process.argv.slice(2)
const flag = (name: string) => {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}
const signals = Number(flag('--signals') ?? 100_000)
const only = flag('--only')

if (only === undefined || only === 'load') await benchServerLoad()
if (only === undefined || only === 'server') await benchServerReplication(signals)
if (only === undefined || only === 'client') await benchClientFirstSync(signals)
if (only === undefined || only === 'first-screen') await benchFirstScreen()
if (only === undefined || only === 'javascript') await benchScreenJavaScript()
if (only === undefined || only === 'limits') await benchLimitsGrid()
if (only === undefined || only === 'monitor-form') await benchMonitorForm(Number(flag('--signals') ?? 3_000))
if (only === undefined || only === 'signals') await benchSignalTree()
if (only === undefined || only === 'interaction')
  await benchClientInteraction(Number(flag('--signals') ?? 5_000))
if (only === undefined || only === 'layouts') await benchStorageLayouts(signals)
if (only === undefined || only === 'tablet') await benchTablet(signals)
if (only === undefined || only === 'gateway') await benchGateway(signals)
