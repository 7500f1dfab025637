import {
  Button,
  ButtonGroup,
  Content,
  Heading,
  IllustratedMessage,
  ProgressCircle,
} from '@adobe/react-spectrum'
import { useState } from 'react'
import { useConfirm } from '../../components/confirm'
import { Drawer } from '../../components/drawer'
import type { LocalDoc } from '../../db/collections'
import { useIntent, usePlant } from '../../db/data-context'
import { DRAWER_WIDTH_PX } from '../../../shared/constants'
import {
  canSaveLineForm,
  lineFormPatch,
  lineFormValues,
  validateLineForm,
  type LineFormValues,
} from '../../../shared/validation/line-rules'
import { Messages } from '../../../shared/validation/messages'
import { ConfigureLineFields } from './configure-line-fields'
import { FeederLinesDrawer } from './feeder-lines-drawer'

interface ConfigureLineDrawerProps {
  readonly isOpen: boolean
  readonly lineId: string | undefined
  /** Changes each time the drawer is opened, so the form starts again from the stored line. */
  readonly session: number
  readonly lines: ReadonlyArray<LocalDoc<'lines'>>
  readonly linesLoading: boolean
  readonly onClose: () => void
}

interface FormState {
  readonly session: number
  readonly initial: LineFormValues
  readonly values: LineFormValues
}

/**
 * LINE-05/06: the 'Configure Line' drawer (750px). The form starts from the line as stored when
 * the drawer opened; Save writes only what changed, after the shared feeder-cycle check.
 */
export function ConfigureLineDrawer({
  isOpen,
  lineId,
  session,
  lines,
  linesLoading,
  onClose,
}: ConfigureLineDrawerProps) {
  const { plant } = usePlant()
  const confirm = useConfirm()
  const run = useIntent()
  const [form, setForm] = useState<FormState | undefined>(undefined)
  const [feedersOpen, setFeedersOpen] = useState(false)
  const [saving, setSaving] = useState(false)
  const line = lines.find((l) => l.id === lineId)

  // A new opening (or the line arriving after it) starts the form from the stored line. The old
  // form stays while closed so the drawer does not go blank during its exit animation.
  if (isOpen && line && form?.session !== session) {
    const values = lineFormValues(line)
    setForm({ session, initial: values, values })
    setFeedersOpen(false)
  }
  const current = form?.session === session || !isOpen ? form : undefined
  const errors = current ? validateLineForm(current.values) : []
  const canSave = current !== undefined && !saving && canSaveLineForm(current.initial, current.values)
  const change = (changes: Partial<LineFormValues>) =>
    setForm((f) => (f ? { ...f, values: { ...f.values, ...changes } } : f))

  const showError = (body: string) =>
    confirm({ title: Messages.monitor.unableToSaveTitle, body, confirmLabel: 'OK', variant: 'error' })

  const save = async () => {
    if (!current || !line || !canSave) return
    const { initial, values } = current
    setSaving(true)
    let outcome
    try {
      outcome = await run('updateLineSettings', { lineId: line.id, changes: lineFormPatch(initial, values) })
    } catch (err) {
      console.error('Local line action failed', err)
    }
    setSaving(false)
    // LINE-06 and the bounds are checked by the action itself, online or offline, with the spec's words.
    if (outcome && outcome.status !== 'refused') onClose()
    else await showError(outcome?.rejection.message ?? Messages.monitor.unableToSaveBody)
  }

  let body
  if (current && line) {
    body = (
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
    )
  } else if (linesLoading) {
    body = <ProgressCircle aria-label="Loading the line" isIndeterminate />
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
        onClose={onClose}
        title="Configure Line"
        width={DRAWER_WIDTH_PX.line}
        footer={
          <ButtonGroup>
            <Button variant="secondary" onPress={onClose}>
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
