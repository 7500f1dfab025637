import { lazy, Suspense } from 'react'
import { ActionButton } from '@adobe/react-spectrum'
import { applyUpdate } from './register-service-worker'
import { useUpdateState } from './update-state'

/**
 * "A new version is available" (OFF-07), shown when a new version waits and the user has not chosen
 * Later. The card's code (client/pwa/update-prompt-card.tsx) is only downloaded then.
 */
export function UpdatePrompt() {
  const { needRefresh, deferred } = useUpdateState()
  if (!needRefresh || deferred) return null
  return (
    <Suspense fallback={null}>
      <UpdatePromptCard />
    </Suspense>
  )
}

const UpdatePromptCard = lazy(() =>
  import('./update-prompt-card').then((m) => ({ default: m.UpdatePromptCard })),
)

/** The header's reminder after "Later". */
export function UpdateButton() {
  const { needRefresh, deferred, updating } = useUpdateState()
  if (!needRefresh || !deferred) return null
  return (
    <ActionButton onPress={() => void applyUpdate()} isDisabled={updating}>
      Update available
    </ActionButton>
  )
}
