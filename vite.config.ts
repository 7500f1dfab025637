import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'

// The client lives in client/ (index.html there); static files in public/; the build in dist/,
// which the sync server serves next to /api and /sync.
export default defineConfig({
  root: 'client',
  publicDir: '../public',
  build: { outDir: '../dist', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8787', '/sync': 'http://127.0.0.1:8787' },
  },
  plugins: [
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
  ],
})
