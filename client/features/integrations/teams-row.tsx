/**
 * The two per-row pieces of the Microsoft Teams grid (TEAMS-01): the inline Webhook URL field (Enter
 * saves, Escape cancels, the rule's message under it once the user typed or tried to save) and the
 * row's buttons, named with the line so each is distinct for touch and screen readers.
 */
import { ActionButton, Button, Flex, TextField } from '@adobe/react-spectrum'
import { validateTeamsWebhookUrl } from '../../../shared/validation/integration-rules'
import { enterSavesEscapeCancels, invalidWhen } from '../../components/field-state'

export interface TeamsDraft {
  readonly lineId: string
  readonly url: string
  /** The URL when editing began: a change asks before it is discarded. */
  readonly initial: string
  readonly touched: boolean
}

export function TeamsUrlField(props: {
  readonly draft: TeamsDraft
  readonly lineName: string
  readonly onChange: (url: string) => void
  readonly onSave: () => void
  readonly onCancel: () => void
}) {
  const { draft, lineName, onChange, onSave, onCancel } = props
  const error = draft.touched ? validateTeamsWebhookUrl(draft.url) : undefined
  return (
    <TextField
      autoFocus
      aria-label={`Webhook URL for ${lineName}`}
      width="100%"
      type="url"
      inputMode="url"
      value={draft.url}
      onChange={onChange}
      {...invalidWhen(error !== undefined)}
      errorMessage={error}
      onKeyDown={enterSavesEscapeCancels(onSave, onCancel)}
    />
  )
}

export function TeamsRowActions(props: {
  readonly lineName: string
  readonly editing: boolean
  readonly onEdit: () => void
  readonly onSave: () => void
  readonly onCancel: () => void
  /** Present when the line has a webhook. */
  readonly onDelete?: () => void
}) {
  const { lineName, editing, onEdit, onSave, onCancel, onDelete } = props
  if (editing)
    return (
      <Flex gap="size-100" wrap>
        <Button
          variant="accent"
          onPress={onSave}
          aria-label={`Save webhook of ${lineName}`}
          UNSAFE_className="qm-hit"
        >
          Save
        </Button>
        <Button
          variant="secondary"
          onPress={onCancel}
          aria-label={`Cancel editing ${lineName}`}
          UNSAFE_className="qm-hit"
        >
          Cancel
        </Button>
      </Flex>
    )
  return (
    <Flex gap="size-100" wrap>
      <ActionButton onPress={onEdit} aria-label={`Edit webhook of ${lineName}`} UNSAFE_className="qm-hit">
        Edit
      </ActionButton>
      {onDelete && (
        <ActionButton
          onPress={onDelete}
          aria-label={`Delete webhook of ${lineName}`}
          UNSAFE_className="qm-hit"
        >
          Delete
        </ActionButton>
      )}
    </Flex>
  )
}
