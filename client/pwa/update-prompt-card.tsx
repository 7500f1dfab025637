import { Button, ButtonGroup, Heading, Text } from '@adobe/react-spectrum'
import { FloatingLayer } from '../components/floating-layer'
import { useSyncStatusOf } from '../db/react/data-context'
import { applyUpdate, deferUpdate } from './register-service-worker'
import { useUpdateState } from './update-state'

/**
 * "A new version is available" with Update / Later (OFF-07), rendered by UpdatePrompt
 * (client/pwa/update-prompt.tsx) while a new version waits. Not modal: the user may finish what they
 * are doing first. When changes are waiting to sync it says they survive the update.
 */
export function UpdatePromptCard() {
  const { updating } = useUpdateState()
  const pendingCount = useSyncStatusOf((s) => s.pendingCount)
  return (
    <FloatingLayer zIndex={150}>
      <section className="qm-update-prompt" role="region" aria-labelledby="qm-update-title">
        <Heading level={2} id="qm-update-title" margin={0} UNSAFE_style={{ fontSize: 16 }}>
          A new version is available
        </Heading>
        <p role="status">
          <Text>
            {pendingCount > 0
              ? `Your ${pendingCount} pending ${pendingCount === 1 ? 'change is' : 'changes are'} saved on this device and will sync after the update.`
              : 'Updating reloads the app.'}
          </Text>
        </p>
        <ButtonGroup>
          <Button variant="accent" onPress={() => void applyUpdate()} isPending={updating}>
            Update
          </Button>
          <Button variant="secondary" onPress={deferUpdate} isDisabled={updating}>
            Later
          </Button>
        </ButtonGroup>
      </section>
    </FloatingLayer>
  )
}
