/**
 * What `temporal-polyfill` resolves to in the browser build (vite.config.ts aliases the bare name
 * here; the server and the tests keep the package itself).
 *
 * The package already uses the browser's own Temporal where there is one (its index.js exports
 * `NativeTemporal || polyfill`), yet the polyfill travels with it: 18 KiB gzip of the first chunk
 * that a browser with Temporal (such as the Chromium 156 the tests run in) never runs. Here the
 * polyfill is a chunk of its own, fetched only where the browser has no Temporal. The top-level
 * await holds back every module that imports Temporal until it is there, so no plant-time function
 * can run without it. Either way the value is the same one the package would have given.
 */
import type { Temporal as TemporalApi } from 'temporal-polyfill'

const native = (globalThis as { Temporal?: typeof TemporalApi }).Temporal

export const Temporal: typeof TemporalApi =
  native ?? (await import('temporal-polyfill/implementation')).Temporal
