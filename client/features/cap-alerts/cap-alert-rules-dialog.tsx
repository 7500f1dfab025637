/**
 * CAPA-03: the 'Cap Alert Rules' dialog (Save, Close) on the shared alert-rules editor. It edits the
 * rules of the signal's cap monitor as stored on this device (a monitor without rules shows the
 * defaults, all off); Save is enabled when the rules changed and every rule that is on is valid.
 * Closing with unsaved changes asks first.
 */
import { useEffect, useRef, useState, type MutableRefObject } from 'react'
import {
  Button,
  ButtonGroup,
  Content,
  Dialog,
  DialogContainer,
  Divider,
  Heading,
  Text,
} from '@adobe/react-spectrum'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { useDoc } from '../../db/react/hooks'
import { AlertRulesEditor } from '../alert-rules/alert-rules-editor'
import {
  alertRulesChanged,
  checkAlertRulesDraft,
  draftFromRules,
  type AlertRulesDraft,
} from '../alert-rules/alert-rules-draft'
import type { CapAlertActions } from './use-cap-alert-actions'

const L = Messages.alertRules

export interface CapAlertRulesTarget {
  readonly monitorId: string
  /** The signal, named in the dialog so the user knows whose rules these are. */
  readonly signalLabel: string
}

/** The dialog's container: Escape and the Close button both ask before dropping changes. */
export function CapAlertRulesDialog(props: {
  readonly target: CapAlertRulesTarget | undefined
  readonly saveRules: CapAlertActions['saveRules']
  readonly close: () => void
}) {
  const { target, saveRules, close } = props
  const requestClose = useRef<() => void>(close)
  return (
    <DialogContainer onDismiss={() => requestClose.current()}>
      {target && (
        <RulesDialog
          key={target.monitorId}
          {...target}
          saveRules={saveRules}
          close={close}
          requestClose={requestClose}
        />
      )}
    </DialogContainer>
  )
}

interface RulesDialogProps extends CapAlertRulesTarget {
  readonly saveRules: CapAlertActions['saveRules']
  readonly close: () => void
  readonly requestClose: MutableRefObject<() => void>
}

function RulesDialog({ monitorId, signalLabel, saveRules, close, requestClose }: RulesDialogProps) {
  const { data: doc, loading, error } = useDoc('monitorRules', monitorId)
  return (
    <Dialog size="L" aria-label={L.capDialogTitle}>
      <Heading>{L.capDialogTitle}</Heading>
      <Divider />
      {loading ? (
        <Content>
          <Text>{L.loading}</Text>
        </Content>
      ) : error !== undefined ? (
        // RULE-04: rules that could not be read are never shown as the defaults (nor saved over).
        <>
          <Content>
            <div className="qm-form-overlay" role="alert">
              <Text>{L.errorLoadingData}</Text>
            </div>
          </Content>
          <ButtonGroup>
            <Button variant="secondary" onPress={close} UNSAFE_className="qm-hit">
              Close
            </Button>
          </ButtonGroup>
        </>
      ) : (
        <RulesForm
          // Starts from what is stored when the dialog opened.
          initial={draftFromRules(doc?.rules)}
          monitorId={monitorId}
          signalLabel={signalLabel}
          saveRules={saveRules}
          close={close}
          requestClose={requestClose}
        />
      )}
    </Dialog>
  )
}

function RulesForm(props: RulesDialogProps & { readonly initial: AlertRulesDraft }) {
  const { initial, monitorId, signalLabel, saveRules, close, requestClose: closeRef } = props
  const [saved] = useState(initial)
  const [draft, setDraft] = useState(initial)
  const [saving, setSaving] = useState(false)
  const confirm = useConfirm()
  const { valid, rules } = checkAlertRulesDraft(draft)
  const dirty = alertRulesChanged(draft, saved)

  const requestClose = async () => {
    if (dirty) {
      const discard = await confirm({
        title: 'Discard changes?',
        body: `Your changes to the alert rules of ${signalLabel} have not been saved.`,
        confirmLabel: 'Discard',
        cancelLabel: 'Keep editing',
        variant: 'destructive',
      })
      if (!discard) return
    }
    close()
  }
  // Escape (the container's dismiss) goes through the same question as Close.
  useEffect(() => {
    closeRef.current = () => void requestClose()
  })
  const save = async () => {
    if (!valid || !dirty) return
    setSaving(true)
    const ok = await saveRules(monitorId, rules)
    setSaving(false)
    if (ok) close()
  }

  return (
    <>
      <Content>
        <Text UNSAFE_className="qm-cap-rules-signal">{signalLabel}</Text>
        {saving && <Text>{L.saving}</Text>}
        <AlertRulesEditor value={draft} onChange={setDraft} isDisabled={saving} />
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={() => void requestClose()} UNSAFE_className="qm-hit">
          Close
        </Button>
        <Button
          variant="accent"
          onPress={() => void save()}
          isDisabled={!valid || !dirty || saving}
          UNSAFE_className="qm-hit"
        >
          Save
        </Button>
      </ButtonGroup>
    </>
  )
}
