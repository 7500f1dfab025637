import { ActionButton, Button, ButtonGroup, Heading, Item, Picker, TextField } from '@adobe/react-spectrum'
import { useMemo, useState } from 'react'
import { CLASSIFICATION_RESULTS } from '../../../shared/constants'
import type { ClassificationResult } from '../../../shared/schema/signal'
import { sortClassificationRows } from '../../../shared/validation/signal-rules'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { Drawer } from '../../components/drawer'
import type { LocalDoc } from '../../db/collections'
import { invalidWhen } from '../../components/field-state'
import {
  canSave,
  COMMON,
  editorRows,
  isDirty,
  newEditorRow,
  rowErrors,
  toSave,
  type EditedSignal,
  type EditorRow,
} from './classification-model'
import { signalLabel } from './signal-tree'
import { isKept, useAction } from '../../hooks/use-action'
import { GENERIC_FAILURE } from './generic-failure'

type SignalDoc = LocalDoc<'signals'>
const C = Messages.classifications
const RESULT_OPTIONS = CLASSIFICATION_RESULTS.map((r) => ({ id: r, label: r }))

/**
 * SM-11: 'Edit Result Classifications'. One signal: its rows under 'Classifications for {signal}'.
 * Several: the Common rows (edited once for all of them), each signal's Unique rows, and the signals
 * 'Without Unique Classifications'. Rows sort by value; a new row is 'other' and editable only in
 * value; Save waits for a valid change and saves every selected signal as one action; Cancel with
 * changes asks first.
 */
export function ClassificationsDrawer({
  isOpen,
  signals,
  onClose,
}: {
  isOpen: boolean
  signals: ReadonlyArray<SignalDoc>
  onClose: () => void
}) {
  const act = useAction()
  const confirm = useConfirm()
  const [session, setSession] = useState<
    { key: string; original: EditedSignal[]; rows: EditorRow[] } | undefined
  >(undefined)
  const key = signals.map((s) => s.id).join(',')
  // Each opening starts from the signals as they are now.
  if (isOpen && session?.key !== key) {
    const original = signals.map((s) => ({ id: s.id, resultClassifications: s.resultClassifications }))
    setSession({ key, original, rows: editorRows(original) })
  }
  if (!isOpen && session !== undefined) setSession(undefined)
  const rows = useMemo(() => session?.rows ?? [], [session])
  const original = useMemo(() => session?.original ?? [], [session])
  const ids = original.map((s) => s.id)
  const errors = useMemo(() => rowErrors(rows, ids), [rows, ids])
  const [saving, setSaving] = useState(false)

  const setRows = (update: (rows: EditorRow[]) => EditorRow[]) =>
    setSession((s) => (s ? { ...s, rows: update(s.rows) } : s))
  const patch = (id: string, change: Partial<EditorRow>) =>
    setRows((all) => all.map((r) => (r.id === id ? { ...r, ...change } : r)))

  const cancel = async () => {
    if (isDirty(original, rows)) {
      const discard = await confirm({
        title: C.discardTitle,
        body: 'Your changes to the classifications will be lost.',
        confirmLabel: C.discardChanges,
        cancelLabel: C.continueEditing,
        variant: 'destructive',
      })
      if (!discard) return
    }
    onClose()
  }
  const save = async () => {
    setSaving(true)
    const ok = isKept(
      await act('saveResultClassifications', { signals: toSave(rows, ids) }, { failed: GENERIC_FAILURE }),
    )
    setSaving(false)
    if (ok) onClose()
  }

  const section = (scope: string) => (
    <RowsEditor
      scope={scope}
      rows={sortClassificationRows(rows.filter((r) => r.scope === scope))}
      errors={errors}
      onPatch={patch}
      onRemove={(id) => setRows((all) => all.filter((r) => r.id !== id))}
      onAdd={() => setRows((all) => [...all, newEditorRow(scope)])}
    />
  )
  const multiple = signals.length > 1
  const withUnique = signals.filter((s) => rows.some((r) => r.scope === s.id))
  const withoutUnique = signals.filter((s) => !rows.some((r) => r.scope === s.id))

  return (
    <Drawer
      isOpen={isOpen}
      onClose={() => void cancel()}
      title={C.drawerTitle}
      footer={
        <ButtonGroup>
          <Button variant="secondary" onPress={() => void cancel()}>
            Cancel
          </Button>
          <Button
            variant="accent"
            isDisabled={saving || !canSave(original, rows)}
            onPress={() => void save()}
          >
            Save
          </Button>
        </ButtonGroup>
      }
    >
      {!multiple && signals[0] ? (
        <section aria-label={C.titleForSignal(signalLabel(signals[0]))}>
          <Heading level={3}>{C.titleForSignal(signalLabel(signals[0]))}</Heading>
          {section(signals[0].id)}
        </section>
      ) : (
        <>
          <section aria-label={C.common}>
            <Heading level={3}>{C.common}</Heading>
            {section(COMMON)}
          </section>
          <section aria-label={C.unique}>
            <Heading level={3}>{C.unique}</Heading>
            {withUnique.map((s) => (
              <section key={s.id} aria-label={`${C.unique}: ${signalLabel(s)}`}>
                <Heading level={4}>{signalLabel(s)}</Heading>
                {section(s.id)}
              </section>
            ))}
          </section>
          {withoutUnique.length > 0 && (
            <section aria-label={C.withoutUnique}>
              <Heading level={3}>{C.withoutUnique}</Heading>
              <ul className="qm-sm-summary-list">
                {withoutUnique.map((s) => (
                  <li key={s.id}>
                    {signalLabel(s)}
                    <ActionButton
                      isQuiet
                      UNSAFE_className="qm-hit"
                      aria-label={`Add a unique classification to ${signalLabel(s)}`}
                      onPress={() => setRows((all) => [...all, newEditorRow(s.id)])}
                    >
                      Add
                    </ActionButton>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </Drawer>
  )
}

function RowsEditor({
  scope,
  rows,
  errors,
  onPatch,
  onRemove,
  onAdd,
}: {
  scope: string
  rows: ReadonlyArray<EditorRow>
  errors: ReadonlyMap<string, string>
  onPatch: (id: string, change: Partial<EditorRow>) => void
  onRemove: (id: string) => void
  onAdd: () => void
}) {
  return (
    <div className="qm-sm-class-rows" data-scope={scope}>
      {rows.length === 0 && <p className="qm-sm-hint">No classifications</p>}
      {rows.map((r) => {
        const error = errors.get(r.id)
        return (
          <div key={r.id} className="qm-sm-class-row" data-testid="classification-row" data-new={r.isNew}>
            <TextField
              label="Value"
              isRequired
              necessityIndicator="icon"
              value={r.value}
              onChange={(value) => onPatch(r.id, { value })}
              {...invalidWhen(error !== undefined)}
              errorMessage={error}
              width="size-2400"
              autoFocus={r.isNew && r.value === ''}
            />
            <Picker
              label="Result"
              items={RESULT_OPTIONS}
              selectedKey={r.result}
              isDisabled={r.isNew}
              onSelectionChange={(key) =>
                key !== null && onPatch(r.id, { result: key as ClassificationResult })
              }
              width="size-1600"
            >
              {(o) => <Item key={o.id}>{o.label}</Item>}
            </Picker>
            <TextField
              label="Failure mode"
              value={r.failureMode ?? ''}
              isDisabled={r.isNew}
              onChange={(v) => onPatch(r.id, { failureMode: v === '' ? null : v })}
              width="size-2400"
            />
            <ActionButton
              isQuiet
              UNSAFE_className="qm-hit"
              aria-label={`Remove ${r.value || 'new row'}`}
              onPress={() => onRemove(r.id)}
            >
              ✕
            </ActionButton>
          </div>
        )
      })}
      <ActionButton UNSAFE_className="qm-hit" onPress={onAdd}>
        Add classification
      </ActionButton>
    </div>
  )
}
