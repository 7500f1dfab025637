import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { precompressBuild } from './scripts/precompress'
import { compactSpectrumClassMaps } from './scripts/spectrum-class-maps'

/**
 * React Spectrum ships every component's strings in 34 locales, all bundled. The app runs in en-US
 * only (client/app.tsx gives Spectrum's Provider locale="en-US"), so the other locales' files load as
 * empty dictionaries and Spectrum's lookup finds the en-US strings as before. (What
 * @react-aria/optimize-locales-plugin does, without the dependency.)
 */
const SPECTRUM_LOCALE_FILE =
  /[\\/](?:@adobe[\\/]react-spectrum|react-aria|react-stately)[\\/]dist[\\/]private[\\/]intl[\\/][^\\/]+[\\/]([a-z]{2}-[A-Z]{2})\.mjs$/

function englishOnlySpectrumStrings(): Plugin {
  return {
    name: 'qm-english-only-spectrum-strings',
    enforce: 'pre',
    load(id) {
      const locale = SPECTRUM_LOCALE_FILE.exec(id)?.[1]
      return locale !== undefined && locale !== 'en-US' ? 'export default {}' : null
    },
  }
}

// The client lives in client/ (index.html there); static files in public/; the build in dist/,
// which the sync server serves next to /api and /sync.
export default defineConfig({
  root: 'client',
  publicDir: '../public',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // QM_SOURCEMAP=1: source maps beside the chunks, not linked from them, for attributing a CPU
    // profile to packages (scripts/profile-by-source.ts).
    sourcemap: process.env.QM_SOURCEMAP === '1' ? 'hidden' : false,
    // QM_MINIFY=0: readable function names in a benchmark's CPU profile (bench/support/cpu-profile.ts).
    ...(process.env.QM_MINIFY === '0' ? { minify: false } : {}),
    rolldownOptions: {
      output: {
        // Left to itself the bundler cuts the first screen's code into ~20 small shared chunks (more
        // requests, worse compression). Groups instead: everything the entry imports statically (what
        // /sign-in runs) in one chunk; the signed-in frame (app shell, session guard, settings page
        // and menu) in another, together with the library code (React Spectrum) that three or more
        // chunks share. That last part is for offline: on a first visit the page is not yet
        // controlled by the service worker and the precache fills one file after the other, so a
        // user who goes offline right after the first sync must already hold the shared Spectrum
        // parts a section needs (tests/e2e/offline-sync.spec.ts). Sections, dialogs and drawers keep
        // their own code in their own chunks. The confirm dialog is imported on demand by the provider
        // around every screen (client/components/confirm.tsx) but travels in the signed-in chunk, so
        // /sign-in does not load it and a signed-in page holds it before any confirm is asked offline.
        codeSplitting: {
          groups: [
            { name: 'first-screen', tags: ['$initial'], priority: 2 },
            // Fetched only by a browser without its own Temporal (client/platform/temporal.ts).
            { name: 'temporal-polyfill', test: /node_modules[\\/]temporal-polyfill[\\/]/, priority: 3 },
            {
              name: 'signed-in',
              test: /client[\\/](app-shell|components[\\/]confirm-dialog|features[\\/]session[\\/]require-session|features[\\/]settings[\\/])/,
              priority: 1,
            },
            { name: 'signed-in', test: /node_modules/, minShareCount: 3, priority: 1 },
          ],
        },
      },
    },
  },
  resolve: {
    // RxJS's ES2015 build (classes, no tslib helpers) rather than its ES5 one: the same code, smaller.
    conditions: ['es2015', ...defaultClientConditions],
    // The browser's own Temporal where it has one; the polyfill only where it has not
    // (client/platform/temporal.ts).
    alias: [
      {
        find: /^temporal-polyfill$/,
        replacement: fileURLToPath(new URL('client/platform/temporal.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8787', '/sync': 'http://127.0.0.1:8787' },
  },
  plugins: [
    englishOnlySpectrumStrings(),
    compactSpectrumClassMaps(),
    react(),
    VitePWA({
      registerType: 'prompt',
      strategies: 'generateSW',
      injectRegister: false,
      // The manifest is a real file in public/ so it is reviewed like code.
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/sync\//],
        cleanupOutdatedCaches: true,
      },
    }),
    // Last: brotli and gzip files beside every built file, sw.js included (static-client.ts).
    precompressBuild(),
  ],
})
