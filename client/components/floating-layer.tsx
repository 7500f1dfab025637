import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { Provider } from '@adobe/react-spectrum'

/**
 * Puts fixed-position UI (snackbars, the update prompt) in its own layer on <body>, above the app,
 * drawers and Spectrum dialogs. The app's Provider isolates its stacking context, so a z-index inside
 * it could never rise above a drawer; the nested Provider keeps the theme's CSS variables.
 */
export function FloatingLayer({ zIndex, children }: { zIndex: number; children: ReactNode }) {
  return createPortal(
    <Provider UNSAFE_style={{ position: 'relative', zIndex, background: 'transparent' }}>
      {children}
    </Provider>,
    document.body,
  )
}
