import { Switch } from '@adobe/react-spectrum'
import { useConfirm } from '../../components/confirm'
import type { LocalDoc } from '../../db/collections'
import { Messages } from '../../../shared/validation/messages'
import { lineLabel } from './line-label'
import { useLinePatch } from './use-line-patch'

const L = Messages.lines

/**
 * LINE-03: the active toggle. It only flips after the user confirms with Save; the write is local
 * and the server stops (or restores) the line's monitors when it applies it.
 */
export function LineActiveSwitch({ line }: { line: LocalDoc<'lines'> }) {
  const confirm = useConfirm()
  const patchLine = useLinePatch()
  const name = lineLabel(line)

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
    await patchLine(line.id, { active }, active ? L.failedToActivate : L.failedToDeactivate)
  }

  return (
    <Switch
      isEmphasized
      isSelected={line.active}
      onChange={(next) => void change(next)}
      aria-label={`Active: ${name}`}
    >
      {line.active ? 'Active' : 'Inactive'}
    </Switch>
  )
}
