import { useEffect, useReducer, useState, type ComponentType } from 'react'
import { loadedPage, loadPage } from '../section-code'
import type { SettingsSection } from './settings-menu'

/**
 * The section's page once its code is here (section-code.ts; undefined while it downloads, which
 * this starts). A failed download is thrown from the render, for the host's error boundary.
 *
 * Not React.lazy, nor any suspending: a lazy component suspends on its first render even when its
 * code has arrived already, and React then holds the revealed page back until its fallback has
 * shown for a while (about 300 ms). A page whose code is here (preloadSection: a URL naming it, a
 * hover on its menu link) renders at once; until then useSectionPage answers undefined and the
 * host shows its loading state (section-host.tsx).
 */
export function useSectionPage(section: SettingsSection): ComponentType | undefined {
  // The page itself lives in section-code.ts; this state only says that it arrived, or why it did not.
  const [, arrived] = useReducer((n: number) => n + 1, 0)
  const [failed, setFailed] = useState<{ readonly section: SettingsSection; readonly error: unknown }>()
  const page = loadedPage(section)
  useEffect(() => {
    // Also when the code arrived between the render and this effect (it is downloaded from the
    // first moments of a cold start): the resolved download then renders the page at once.
    if (page) return
    let current = true
    loadPage(section).then(
      () => current && arrived(),
      (error: unknown) => current && setFailed({ section, error }),
    )
    return () => {
      current = false
    }
  }, [section, page])
  if (failed?.section === section) throw failed.error
  return page
}
