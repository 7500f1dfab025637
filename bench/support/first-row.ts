/**
 * In-page probes for "the first Line Management row painted", shared by the benchmarks that time a
 * cold start or a sign-in. Evaluated in the page, so no named inner functions (tsx would wrap them in
 * a helper the page lacks) and no imports.
 */

/**
 * Before the page's scripts: notes when the first row naming the seeded plant's first line ('Final Assembly', sync-server/seed) is rendered, and
 * the animation frame that paints it (its callbacks run right before the paint).
 */
export function watchFirstRow(): void {
  const w = window as unknown as { __qmFirstRow?: number; __qmFirstRowPainted?: number }
  new MutationObserver((_, observer) => {
    for (const r of document.querySelectorAll('tr, [role=row]'))
      if (r.textContent?.includes('Final Assembly')) {
        w.__qmFirstRow = performance.now()
        requestAnimationFrame(() => {
          w.__qmFirstRowPainted = performance.now()
        })
        observer.disconnect()
        return
      }
  }).observe(document, { childList: true, subtree: true, characterData: true })
}

/** In the page: the cold start's marks (client/main.tsx, db/), from navigation start, in order. */
export function coldStartPhases(): Array<[string, number]> {
  const marks: Array<[string, number]> = performance
    .getEntriesByType('mark')
    .filter((m) => m.name.startsWith('qm:'))
    .map((m) => [m.name.slice(3), m.startTime])
  // Before any code of ours: the page's HTML and the entry script, from the service worker's cache.
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
  if (nav) {
    marks.push(['html received', nav.responseEnd])
    marks.push(['DOM interactive', nav.domInteractive])
  }
  const src = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src
  const entry = performance.getEntriesByName(src ?? '', 'resource')[0] as
    PerformanceResourceTiming | undefined
  if (entry) marks.push(['entry script received', entry.responseEnd])
  for (const m of performance.getEntriesByType('measure'))
    if (m.name === 'qm:open-database')
      marks.push([`open-database (took ${m.duration.toFixed(0)} ms)`, m.startTime])
  const w = window as unknown as { __qmFirstRow?: number; __qmFirstRowPainted?: number }
  marks.push(['first row in the page', w.__qmFirstRow ?? NaN])
  marks.push(['first row painted', w.__qmFirstRowPainted ?? NaN])
  return marks.sort((a, b) => a[1] - b[1])
}

export const medianBy = <T>(items: ReadonlyArray<T>, key: (item: T) => number): T =>
  [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]!
