/**
 * Performance marks of a page's first moments (the client bench reads them to break a cold start
 * down): each name is marked once per page load, so screens that re-render add nothing.
 */
const marked = new Set<string>()

export function markOnce(name: string): void {
  if (marked.has(name) || typeof performance === 'undefined') return
  marked.add(name)
  performance.mark(name)
}
