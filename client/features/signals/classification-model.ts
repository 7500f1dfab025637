import type { ClassificationResult, ResultClassification } from '../../../shared/schema/signal'
import {
  canSaveClassifications,
  sortClassificationRows,
  validateClassificationRows,
} from '../../../shared/validation/signal-rules'
import { NEW_CLASSIFICATION_RESULT } from '../../../shared/constants'

/**
 * The 'Edit Result Classifications' drawer (SM-11) as data. One signal: its rows. Several: the rows
 * every selected signal has (Common) and each signal's own (Unique); a common row stands for the same
 * row on every signal. Validation and "is there a valid change" run on the rows each signal would
 * store, with the shared rules, and Save sends every selected signal's full list as one action.
 */
export interface EditorRow {
  readonly id: string
  readonly value: string
  readonly result: ClassificationResult
  readonly failureMode: string | null
  /** New rows are editable only in value. */
  readonly isNew: boolean
  /** 'common', or the signal the row belongs to. */
  readonly scope: string
}

export const COMMON = 'common'

export interface EditedSignal {
  readonly id: string
  readonly resultClassifications: ReadonlyArray<ResultClassification>
}

const rowKey = (c: ResultClassification) => JSON.stringify([c.value, c.result, c.failureMode])

let counter = 0
const nextId = () => `row-${++counter}`

/** The editor's rows for the selection: common ones first (several signals), sorted by value. */
export function editorRows(signals: ReadonlyArray<EditedSignal>): Array<EditorRow> {
  const toRow = (c: ResultClassification, scope: string): EditorRow => ({
    id: nextId(),
    ...c,
    isNew: false,
    scope,
  })
  if (signals.length === 1) {
    const only = signals[0]!
    return sortClassificationRows(only.resultClassifications.map((c) => toRow(c, only.id)))
  }
  const keysOf = signals.map((s) => new Set(s.resultClassifications.map(rowKey)))
  const isCommon = (c: ResultClassification) => keysOf.every((keys) => keys.has(rowKey(c)))
  const common = (signals[0]?.resultClassifications ?? []).filter(isCommon).map((c) => toRow(c, COMMON))
  const unique = signals.flatMap((s) =>
    s.resultClassifications.filter((c) => !isCommon(c)).map((c) => toRow(c, s.id)),
  )
  return [...sortClassificationRows(common), ...sortClassificationRows(unique)]
}

/** A new row (result 'other', no failure mode) in a section: common or one signal. */
export const newEditorRow = (scope: string): EditorRow => ({
  id: nextId(),
  value: '',
  result: NEW_CLASSIFICATION_RESULT,
  failureMode: null,
  isNew: true,
  scope,
})

/** What each signal would store. */
export function toSave(
  rows: ReadonlyArray<EditorRow>,
  signalIds: ReadonlyArray<string>,
): Array<{ signalId: string; resultClassifications: Array<ResultClassification> }> {
  return signalIds.map((signalId) => ({
    signalId,
    resultClassifications: rows
      .filter((r) => r.scope === COMMON || r.scope === signalId)
      .map((r) => ({ value: r.value.trim(), result: r.result, failureMode: r.failureMode?.trim() || null })),
  }))
}

/** Per editor row id, its value error ('Value is required' / 'Value must be unique'). */
export function rowErrors(
  rows: ReadonlyArray<EditorRow>,
  signalIds: ReadonlyArray<string>,
): Map<string, string> {
  const expanded = signalIds.flatMap((signalId) =>
    rows
      .filter((r) => r.scope === COMMON || r.scope === signalId)
      .map((r) => ({ row: r, signalId, value: r.value })),
  )
  const errors = new Map<string, string>()
  for (const e of validateClassificationRows(expanded)) {
    const row = expanded[Number(e.path[0])]?.row
    if (row && !errors.has(row.id)) errors.set(row.id, e.message)
  }
  return errors
}

const flat = (signals: ReadonlyArray<EditedSignal>) =>
  signals.flatMap((s) => s.resultClassifications.map((c) => ({ ...c, signalId: s.id })))

/** Save is enabled only for a valid change. */
export function canSave(original: ReadonlyArray<EditedSignal>, rows: ReadonlyArray<EditorRow>): boolean {
  const ids = original.map((s) => s.id)
  const current = toSave(rows, ids).flatMap((s) =>
    s.resultClassifications.map((c) => ({ ...c, signalId: s.signalId })),
  )
  return rowErrors(rows, ids).size === 0 && canSaveClassifications(flat(original), current)
}

/** Whether the rows differ from what was loaded (Cancel then asks first). */
export function isDirty(original: ReadonlyArray<EditedSignal>, rows: ReadonlyArray<EditorRow>): boolean {
  const ids = original.map((s) => s.id)
  const key = (list: ReadonlyArray<{ signalId: string } & ResultClassification>) =>
    list
      .map((c) => JSON.stringify([c.signalId, c.value, c.result, c.failureMode]))
      .sort()
      .join('\n')
  const current = rows.flatMap((r) =>
    (r.scope === COMMON ? ids : [r.scope]).map((signalId) => ({
      signalId,
      value: r.value,
      result: r.result,
      failureMode: r.failureMode,
    })),
  )
  return key(flat(original)) !== key(current)
}
