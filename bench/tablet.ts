import { launchBenchBrowser } from './support/bench-browser'
import { startSeededServer } from './support/seeded-server'
import { TABLET_PARTS, measureTablet, printTablet } from './tablet-cpu'
import { measureWifi, printWifi } from './plant-wifi'

/**
 * Issue 27's goals 2 and 3 on one seeded plant (100,000 signals by default): the app on a tablet's
 * CPU (tablet-cpu.ts) and on plant Wi-Fi (plant-wifi.ts), each figure beside its goal.
 */
export async function benchTablet(signals = 100_000): Promise<void> {
  const { base, stop } = await startSeededServer('tablet', 8815, ['--signals', String(signals)])
  const browser = await launchBenchBrowser()
  try {
    if (TABLET_PARTS !== 'cold') printWifi(signals, await measureWifi(browser, base))
    const tablet = await measureTablet(browser, base)
    printTablet(signals, tablet)
  } finally {
    await browser.close()
    await stop()
  }
}
