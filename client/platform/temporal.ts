/**
 * What `temporal-polyfill` resolves to in the browser build (vite.config.ts aliases the bare name
 * here; the server and the tests keep the package itself).
 *
 * The package already uses the browser's own Temporal where there is one (its index.js exports
 * `NativeTemporal || polyfill`), yet the polyfill travels with it: 18 KiB gzip of the first chunk
 * that a browser with Temporal (such as the Chromium 156 the tests run in) never runs. Here the
 * polyfill is a chunk of its own, fetched only where the browser has no Temporal, and `Temporal` is
 * bound to it once it is there (an ES module export is a live binding).
 *
 * Invariant: no code uses Temporal before `temporalReady` settles. Every use sits inside a function
 * (shared/time, shared/query), and main.tsx starts the app only after it;
 * tests/e2e/plant-time.spec.ts runs the app in a browser without Temporal. Not a top-level await:
 * that made the bundler reach modules of the signed-in chunk through files of their own, which a
 * page had not fetched when it went offline before the app was cached.
 */
import type { Temporal as TemporalApi } from 'temporal-polyfill'

// Bound to the polyfill once it has arrived (below).
export let Temporal = (globalThis as { Temporal?: typeof TemporalApi }).Temporal as typeof TemporalApi

/** Settles once `Temporal` is usable: at once where the browser has it. */
export const temporalReady: Promise<void> =
  Temporal !== undefined
    ? Promise.resolve()
    : import('temporal-polyfill/implementation').then((m) => {
        Temporal = m.Temporal
      })
