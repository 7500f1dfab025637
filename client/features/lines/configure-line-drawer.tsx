import { Button, ButtonGroup, Content, Heading, IllustratedMessage } from '@adobe/react-spectrum'
import { useState } from 'react'
import { useConfirm } from '../../components/confirm'
import { Drawer } from '../../components/drawer'
import { Skeleton } from '../../components/skeleton'
import type { LocalDoc } from '../../db/collections'
import { usePlant } from '../../db/react/data-context'
import { isKept, useAction, type ActionProblem } from '../../hooks/use-action'
import { DRAWER_WIDTH_PX } from '../../../shared/constants'
import {
  canSaveLineForm,
  lineFormChanged,
  lineFormPatch,
  validateLineForm,
} from '../../../shared/validation/line-rules'
import { Messages } from '../../../shared/validation/messages'
import { ChangedUnderneathNotice } from './changed-underneath-notice'
import { ConfigureLineFields } from './configure-line-fields'
import { FeederLinesDrawer } from './feeder-lines-drawer'
import { lineLabel } from './line-label'
import { useLineForm } from './use-line-form'

interface ConfigureLineDrawerProps {
  readonly isOpen: boolean
  readonly lineId: string | undefined
  /** Changes each time the drawer is opened, so the form starts again from the stored line. */
  readonly session: number
  readonly lines: ReadonlyArray<LocalDoc<'lines'>>
  readonly linesLoading: boolean
  readonly onClose: () => void
  /** Gives focus back to what opened the drawer when that control is gone (a menu item). */
  readonly restoreFocus?: () => void
}

/**
 * LINE-05/06: the 'Configure Line' drawer (750px). The form follows the stored line live
 * (use-line-form.ts) and says when a field being edited changed underneath; Save writes only what
 * changed, after the shared feeder-cycle check; Cancel, Close or Escape with unsaved changes ask
 * before discarding them.
 */
export function ConfigureLineDrawer({
  isOpen,
  lineId,
  session,
  lines,
  linesLoading,
  onClose,
  restoreFocus,
}: ConfigureLineDrawerProps) {
  const { plant } = usePlant()
  const confirm = useConfirm()
  const act = useAction()
  const [feedersOpen, setFeedersOpen] = useState(false)
  const [feedersSession, setFeedersSession] = useState(session)
  const [saving, setSaving] = useState(false)
  const line = lines.find((l) => l.id === lineId)
  const { form: current, change } = useLineForm(isOpen, line, session)
  if (feedersSession !== session) {
    setFeedersSession(session)
    setFeedersOpen(false)
  }
  const errors = current ? validateLineForm(current.values) : []
  const canSave = current !== undefined && !saving && canSaveLineForm(current.initial, current.values)
  const dirty = current !== undefined && lineFormChanged(current.initial, current.values)

  const requestClose = async () => {
    if (dirty) {
      const discard = await confirm({
        title: 'Discard changes?',
        body: `Your changes to ${line ? lineLabel(line) : 'this line'} have not been saved.`,
        confirmLabel: 'Discard',
        cancelLabel: 'Keep editing',
        variant: 'destructive',
      })
      if (!discard) return
    }
    onClose()
  }

  const showError = (body: string) =>
    confirm({ title: Messages.monitor.unableToSaveTitle, body, confirmLabel: 'OK', variant: 'error' })

  const save = async () => {
    if (!current || !line || !canSave) return
    const { initial, values } = current
    setSaving(true)
    // LINE-06 and the bounds are checked by the action itself, online or offline, with the spec's words.
    const result = await act(
      'updateLineSettings',
      { lineId: line.id, changes: lineFormPatch(initial, values) },
      {
        failed: Messages.monitor.unableToSaveBody,
        savedOnDeviceNote: false,
        onProblem: ({ message }: ActionProblem) => {
          setSaving(false)
          return showError(message)
        },
      },
    )
    setSaving(false)
    if (isKept(result)) onClose()
  }

  let body
  if (current && line) {
    body = (
      <>
        <ChangedUnderneathNotice fields={current.changedUnderneath} stored={current.initial} lines={lines} />
        <ConfigureLineFields
          line={line}
          lines={lines}
          values={current.values}
          errors={errors}
          onChange={change}
          onEditFeeders={() => setFeedersOpen(true)}
          showFeeders={plant?.featureFlags.partMarriage ?? false}
          showExclusions={plant?.featureFlags.excludeParts ?? false}
        />
      </>
    )
  } else if (linesLoading) {
    body = <Skeleton label="Loading the line" lines={5} />
  } else {
    body = (
      <IllustratedMessage>
        <Heading>{Messages.lines.unableToFind}</Heading>
        <Content>It may have been removed, or it belongs to another plant.</Content>
      </IllustratedMessage>
    )
  }

  return (
    <>
      <Drawer
        isOpen={isOpen}
        onClose={() => void requestClose()}
        title="Configure Line"
        width={DRAWER_WIDTH_PX.line}
        {...(restoreFocus ? { restoreFocus } : {})}
        footer={
          <ButtonGroup>
            <Button variant="secondary" onPress={() => void requestClose()}>
              Cancel
            </Button>
            <Button variant="accent" onPress={() => void save()} isDisabled={!canSave}>
              Save
            </Button>
          </ButtonGroup>
        }
      >
        {body}
      </Drawer>
      {/* A sibling, not a child: its keys (Escape, Tab) must not reach the editor's drawer. */}
      {current && line && (
        <FeederLinesDrawer
          isOpen={isOpen && feedersOpen}
          line={line}
          lines={lines}
          selected={current.values.feederLineIds}
          onApply={(feederLineIds) => {
            change({ feederLineIds })
            setFeedersOpen(false)
          }}
          onClose={() => setFeedersOpen(false)}
        />
      )}
    </>
  )
}
