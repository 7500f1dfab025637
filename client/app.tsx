import { RouterProvider } from '@tanstack/react-router'
import { defaultTheme, Provider } from '@adobe/react-spectrum'
import { ConfirmProvider } from './components/confirm'
import { SnackbarProvider } from './components/snackbar'
import { DataProvider } from './db/react/data-context'
import type { SyncController } from './db/sync-controller'
import { UpdatePrompt } from './pwa/update-prompt'
import { router } from './router'

/** The providers every screen relies on, around the router. */
export function App({ controller }: { controller: SyncController }) {
  return (
    <Provider theme={defaultTheme} locale="en-US" UNSAFE_style={{ minHeight: '100vh' }}>
      <DataProvider controller={controller}>
        <SnackbarProvider>
          <ConfirmProvider>
            <RouterProvider router={router} />
            <UpdatePrompt />
          </ConfirmProvider>
        </SnackbarProvider>
      </DataProvider>
    </Provider>
  )
}
