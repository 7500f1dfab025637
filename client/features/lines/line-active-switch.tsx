import { Switch } from '@adobe/react-spectrum'
import { memo } from 'react'
import { useConfirm } from '../../components/confirm'
import { Messages } from '../../../shared/validation/messages'
import { useLinePatch } from './use-line-patch'

const L = Messages.lines

/**
 * LINE-03: the active toggle. It only flips after the user confirms with Save; the write is local
 * and the server stops (or restores) the line's monitors when it applies it. Memoized on what it
 * shows: an edit of another field of the line does not re-render it.
 */
export const LineActiveSwitch = memo(function LineActiveSwitch({
  lineId,
  name,
  active: isActive,
}: {
  lineId: string
  /** The line's label (line-label.ts). */
  name: string
  active: boolean
}) {
  const confirm = useConfirm()
  const patchLine = useLinePatch()

  const change = async (active: boolean) => {
    const confirmed = await confirm({
      title: active ? `Activate ${name}?` : `Deactivate ${name}?`,
      body: active
        ? `Activating ${name} restores its signal and monitor configurations.`
        : `Deactivating ${name} stops all of its monitors and hides the line. Its data is still stored.`,
      confirmLabel: 'Save',
      cancelLabel: 'Cancel',
      variant: active ? 'confirmation' : 'destructive',
    })
    if (!confirmed) return
    await patchLine(lineId, { active }, active ? L.failedToActivate : L.failedToDeactivate)
  }

  return (
    <Switch
      isEmphasized
      isSelected={isActive}
      onChange={(next) => void change(next)}
      aria-label={`Active: ${name}`}
    >
      {isActive ? 'Active' : 'Inactive'}
    </Switch>
  )
})
