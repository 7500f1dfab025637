import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches now, kept current as the window resizes or the tablet turns.
 * Layout decisions that CSS alone cannot make (the side menu as a column or a drawer, a drawer at
 * full width) read the same breakpoints as styles.css through this hook.
 */
export function useMediaQuery(query: string): boolean {
  // Subscribed once per query: a new subscribe function each render made React unsubscribe and
  // subscribe again after every render of a drawer (each render of its screen, each edit).
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query).matches,
    () => false,
  )
}

/** At this width and wider the settings menu is a column beside the page; narrower, a drawer. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1200px)'

/**
 * One MediaQueryList per query, made at first use: `matchMedia` builds and evaluates a new one on
 * every call, and the snapshot is read at every render (a list's `matches` stays current).
 */
function mediaList(query: string): MediaQueryList {
  let list = LISTS.get(query)
  if (!list) {
    list = window.matchMedia(query)
    LISTS.set(query, list)
  }
  return list
}

const LISTS = new Map<string, MediaQueryList>()
