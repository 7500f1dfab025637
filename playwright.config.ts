import { defineConfig } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './bench/support/bench-browser'

// End-to-end tests run the real product (`npm start`) on a fresh data folder, in Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 8799)
const dataDir = mkdtempSync(join(tmpdir(), 'qm-e2e-'))
// The server's database (~40 MB) goes with the run: every process that loads this file made a folder
// and removes its own when it exits, the runner after it stopped the server.
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }))

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'npm start',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
  },
})
