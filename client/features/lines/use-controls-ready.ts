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
    // After the next frame, so the plain rows are painted before the controls render; the timer
    // covers a page in the background, which gets no frames.
    const show = () => startTransition(() => setReady(true))
    let timer = window.setTimeout(show, FRAME_FALLBACK_MS)
    const frame = window.requestAnimationFrame(() => {
      window.clearTimeout(timer)
      timer = window.setTimeout(show, 0)
    })
    return () => {
      window.cancelAnimationFrame(frame)
      window.clearTimeout(timer)
    }
  }, [shown, ready])
  return ready
}

/** When no frame comes (a page in the background): show the controls anyway after this long. */
const FRAME_FALLBACK_MS = 100
