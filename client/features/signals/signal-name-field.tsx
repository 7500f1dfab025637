import { ActionButton, Button, ButtonGroup, Flex, TextField } from '@adobe/react-spectrum'
import { useState } from 'react'
import { friendlyNameToSave, validateSignalFriendlyName } from '../../../shared/validation/signal-rules'
import type { LocalDoc } from '../../db/collections'
import { invalidWhen } from '../../components/field-state'
import { isKept, useAction } from '../../hooks/use-action'
import { GENERIC_FAILURE } from './generic-failure'

/** SM-06: one signal's Name (read only) and Friendly Name: view, then edit with Save / Cancel. */
export function SignalNameField({
  signal,
  isDisabled,
}: {
  signal: LocalDoc<'signals'>
  isDisabled: boolean
}) {
  const act = useAction()
  const [draft, setDraft] = useState<string | undefined>(undefined)
  const [saving, setSaving] = useState(false)
  const error = draft === undefined ? undefined : validateSignalFriendlyName(draft)
  const unchanged = draft !== undefined && friendlyNameToSave(draft) === signal.friendlyName

  const save = async () => {
    if (draft === undefined || error) return
    setSaving(true)
    const ok = isKept(
      await act(
        'renameSignal',
        { signalId: signal.id, friendlyName: friendlyNameToSave(draft) },
        { failed: GENERIC_FAILURE },
      ),
    )
    setSaving(false)
    if (ok) setDraft(undefined)
  }

  return (
    <dl className="qm-sm-fields">
      <dt>Name</dt>
      <dd>{signal.name}</dd>
      <dt>Friendly Name</dt>
      <dd>
        {draft === undefined ? (
          <Flex alignItems="center" gap="size-100" wrap>
            <span data-testid="friendly-name">{signal.friendlyName ?? '—'}</span>
            <ActionButton
              isQuiet
              isDisabled={isDisabled}
              UNSAFE_className="qm-hit"
              aria-label="Edit Friendly Name"
              onPress={() => setDraft(signal.friendlyName ?? '')}
            >
              Edit
            </ActionButton>
          </Flex>
        ) : (
          <Flex direction="column" gap="size-100">
            <TextField
              label="Friendly Name"
              labelPosition="side"
              value={draft}
              onChange={setDraft}
              autoFocus
              {...invalidWhen(error !== undefined)}
              errorMessage={error}
              width="100%"
              onKeyDown={(e) => {
                if (e.key === 'Enter') void save()
                if (e.key === 'Escape') setDraft(undefined)
              }}
            />
            <ButtonGroup>
              <Button variant="secondary" onPress={() => setDraft(undefined)}>
                Cancel
              </Button>
              <Button
                variant="accent"
                isDisabled={!!error || unchanged || saving}
                onPress={() => void save()}
              >
                Save
              </Button>
            </ButtonGroup>
          </Flex>
        )}
      </dd>
    </dl>
  )
}
