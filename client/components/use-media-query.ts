import { useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches now, kept current as the window resizes or the tablet turns.
 * Layout decisions that CSS alone cannot make (the side menu as a column or a drawer, a drawer at
 * full width) read the same breakpoints as styles.css through this hook.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** At this width and wider the settings menu is a column beside the page; narrower, a drawer. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1200px)'
