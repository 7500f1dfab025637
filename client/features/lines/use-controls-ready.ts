import { startTransition, useEffect, useState } from 'react'

/**
 * False until the rows have been on screen once, then true: a grid of many rows shows its text first
 * (plain cells, cheap to render) and turns the cells into their controls — switches, inline editors,
 * row menus, each a heavy Spectrum component — in a transition right after, so the first rows of a
 * cold start are not held back by every row's controls. The text on screen is the same before and
 * after (the light cells show what the controls show).
 */
export function useControlsReady(shown: boolean): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (!shown || ready) return
    // A task after the commit, so the browser can paint the plain rows before the controls render.
    const id = setTimeout(() => startTransition(() => setReady(true)), 0)
    return () => clearTimeout(id)
  }, [shown, ready])
  return ready
}
