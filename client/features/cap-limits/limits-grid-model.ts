/**
 * Cap Limits' tree and edits (CAPL-01..04), pure so the grid stays a thin view and the rules are
 * unit-tested. The tree is flat rows for a virtualized table: a station row, then per signal its
 * '*' default row and, when expanded ('See models'), one row per model. Edits are cell texts per
 * row laid over the stored rows; a row whose text is back to what is stored is no longer edited.
 * Cell rules and locking come from shared/validation/limit-rules.ts; saving builds the
 * saveSignalLimits entries (every row of each edited signal, as one action).
 */
import { DEFAULT_MODEL_NUMBER, LIMIT_FIELDS } from '../../../shared/constants'
import type { Signal } from '../../../shared/schema/signal'
import {
  limitToRow,
  rowToFormulas,
  type Limit,
  type SignalLimitEntry,
} from '../../../shared/schema/signal-limit'
import type { FieldErrors } from '../../../shared/validation/field-error'
import type { CsvTable } from '../../components/csv'
import {
  isEmptyLimitCell,
  lockedCellText,
  validateLimitRow,
  type LimitField,
  type LimitRow,
  type LimitSingleSide,
} from '../../../shared/validation/limit-rules'
import { compareNames } from '../../../shared/text/name-order'

export type LimitsSignal = Pick<
  Signal,
  'id' | 'name' | 'friendlyName' | 'stationName' | 'lineId' | 'entityType' | 'singleSide'
>
export type LimitsEntry = Pick<SignalLimitEntry, 'signalUUID' | 'lineUUID' | 'limits'>

export interface StationTreeRow {
  readonly kind: 'station'
  readonly key: string
  readonly station: string
}

export interface LimitTreeRow {
  readonly kind: 'limit'
  /** `signalId|uuid`; a signal with no rows yet gets its '*' row keyed `signalId|` (uuid minted on save). */
  readonly key: string
  readonly signalId: string
  readonly signal: string
  readonly model: string
  readonly uuid: string | undefined
  /** The '*' row, which carries the signal's name and its See / Hide models button. */
  readonly isDefault: boolean
  /** Model rows under this default row (0 for model rows). */
  readonly modelCount: number
  /** The side locked by the single-sided flag, or null. */
  readonly side: LimitSingleSide | null
  /** What is stored (empty cells for a new row). */
  readonly stored: LimitRow
}

export type TreeRow = StationTreeRow | LimitTreeRow

/** Cell texts per edited row key. */
export type LimitsEdits = ReadonlyMap<string, LimitRow>

export interface TreeOptions {
  readonly onlyWithLimits: boolean
  readonly expanded: ReadonlySet<string>
  readonly singleSidedFlag: boolean
}

const EMPTY_ROW: LimitRow = { LSL: null, LCL: null, UCL: null, USL: null }
const byText = compareNames

export const rowKey = (signalId: string, uuid: string | undefined) => `${signalId}|${uuid ?? ''}`

/**
 * CAPL-01: the rows of one line. Listed signals: those with limits, and (unless only those are
 * asked for) every measurement of the line, which can get limits. Models sort after '*'.
 */
export function buildLimitTree(
  lineId: string,
  signals: ReadonlyArray<LimitsSignal>,
  entries: ReadonlyArray<LimitsEntry>,
  options: TreeOptions,
): ReadonlyArray<TreeRow> {
  const entryOf = new Map(entries.filter((e) => e.lineUUID === lineId).map((e) => [e.signalUUID, e]))
  const listed = signals
    .filter((s) => s.lineId === lineId)
    .filter((s) => {
      const has = (entryOf.get(s.id)?.limits.length ?? 0) > 0
      return has || (!options.onlyWithLimits && s.entityType === 'MEASUREMENT')
    })
    .sort((a, b) => byText(a.stationName, b.stationName) || byText(label(a), label(b)))
  const rows: TreeRow[] = []
  let station: string | undefined
  for (const s of listed) {
    if (s.stationName !== station) {
      station = s.stationName
      rows.push({ kind: 'station', key: `station|${station}`, station })
    }
    const side = options.singleSidedFlag ? s.singleSide : null
    const limits = entryOf.get(s.id)?.limits ?? []
    const def = limits.find((l) => l.model_number === DEFAULT_MODEL_NUMBER)
    const models = limits
      .filter((l) => l.model_number !== DEFAULT_MODEL_NUMBER)
      .sort((a, b) => byText(a.model_number, b.model_number))
    const base = { kind: 'limit' as const, signalId: s.id, signal: label(s), side }
    rows.push({
      ...base,
      key: rowKey(s.id, def?.uuid),
      model: DEFAULT_MODEL_NUMBER,
      uuid: def?.uuid,
      isDefault: true,
      modelCount: models.length,
      stored: def ? limitToRow(def) : EMPTY_ROW,
    })
    if (!options.expanded.has(s.id)) continue
    for (const m of models) {
      rows.push({
        ...base,
        key: rowKey(s.id, m.uuid),
        model: m.model_number,
        uuid: m.uuid,
        isDefault: false,
        modelCount: 0,
        stored: limitToRow(m),
      })
    }
  }
  return rows
}

/** What a row shows: its edit if any, else what is stored. */
export const shownRow = (row: LimitTreeRow, edits: LimitsEdits): LimitRow => edits.get(row.key) ?? row.stored

const sameCell = (a: string | null | undefined, b: string | null | undefined) =>
  (isEmptyLimitCell(a) && isEmptyLimitCell(b)) || (a ?? '').trim() === (b ?? '').trim()

/** CAPL-04: one cell typed; a row back to its stored values stops being edited. */
export function editCell(
  edits: LimitsEdits,
  row: LimitTreeRow,
  field: LimitField,
  text: string,
): LimitsEdits {
  const next = new Map(edits)
  const cells: LimitRow = { ...shownRow(row, edits), [field]: text }
  if (LIMIT_FIELDS.every((f) => sameCell(cells[f], row.stored[f]))) next.delete(row.key)
  else next.set(row.key, cells)
  return next
}

/** CAPL-02/03: the row's errors at [field]; locked cells are neither checked nor shown. */
export const rowErrors = (row: LimitTreeRow, edits: LimitsEdits): FieldErrors =>
  validateLimitRow(shownRow(row, edits), row.side)

/**
 * The edits that block saving: checked against every edited row (rows out of view, under a
 * collapsed signal, count too).
 */
export function editsValid(edits: LimitsEdits, sides: ReadonlyMap<string, LimitSingleSide | null>): boolean {
  for (const [key, cells] of edits) {
    const signalId = key.slice(0, key.lastIndexOf('|'))
    if (validateLimitRow(cells, sides.get(signalId) ?? null).length > 0) return false
  }
  return true
}

/**
 * CAPL-04: the saveSignalLimits entries — for each signal with an edited row, all its rows with the
 * edits applied (a new '*' row gets a minted uuid). The intent drops rows without values (limits
 * flag) and checks the cells again.
 */
export function entriesToSave(
  lineId: string,
  edits: LimitsEdits,
  signals: ReadonlyArray<LimitsSignal>,
  entries: ReadonlyArray<LimitsEntry>,
  mintUuid: () => string,
): Array<SignalLimitEntry> {
  const bySignal = new Map<string, Array<[string, LimitRow]>>()
  for (const [key, cells] of edits) {
    const cut = key.lastIndexOf('|')
    const signalId = key.slice(0, cut)
    const list = bySignal.get(signalId) ?? []
    list.push([key.slice(cut + 1), cells])
    bySignal.set(signalId, list)
  }
  const out: Array<SignalLimitEntry> = []
  for (const [signalId, edited] of bySignal) {
    const signal = signals.find((s) => s.id === signalId)
    if (!signal || signal.lineId !== lineId) continue
    const stored = entries.find((e) => e.signalUUID === signalId)?.limits ?? []
    const editOf = new Map(edited)
    const limits: Limit[] = stored.map((l) => {
      const cells = editOf.get(l.uuid)
      return cells ? { uuid: l.uuid, model_number: l.model_number, ...rowToFormulas(cells) } : l
    })
    const added = editOf.get('')
    if (added && !stored.some((l) => l.model_number === DEFAULT_MODEL_NUMBER)) {
      limits.unshift({ uuid: mintUuid(), model_number: DEFAULT_MODEL_NUMBER, ...rowToFormulas(added) })
    }
    out.push({
      lineUUID: lineId,
      station: signal.stationName,
      signalUUID: signalId,
      signalName: signal.name,
      singleSide: signal.singleSide,
      limits,
    })
  }
  return out
}

function label(s: LimitsSignal): string {
  return s.friendlyName || s.name
}

export interface EditProblems {
  /** 'Signal (model): message', for the edited rows in the tree. */
  readonly messages: ReadonlyArray<string>
  /** Edited rows with errors that the tree does not show (under a collapsed '*' row). */
  readonly hidden: number
}

/**
 * CAPL-02: what blocks Save, in words, above the grid: a narrow tablet may cut a message short
 * under its cell, and an edited row can be scrolled away or collapsed.
 */
export function editProblems(
  rows: ReadonlyArray<TreeRow>,
  edits: LimitsEdits,
  sides: ReadonlyMap<string, LimitSingleSide | null>,
): EditProblems {
  const byKey = new Map(rows.flatMap((r) => (r.kind === 'limit' ? [[r.key, r] as const] : [])))
  const messages: string[] = []
  let hidden = 0
  for (const [key, cells] of edits) {
    const row = byKey.get(key)
    if (!row) {
      if (validateLimitRow(cells, sides.get(key.slice(0, key.lastIndexOf('|'))) ?? null).length > 0) hidden++
      continue
    }
    for (const e of validateLimitRow(cells, row.side))
      messages.push(`${row.signal} (${row.model}): ${e.message}`)
  }
  return { messages, hidden }
}

/**
 * SHELL-07: the rows the grid lists as a CSV table, cells as shown (an edit not yet saved, 'Single
 * Sided' for a locked cell). Each row names its station and signal, which the grid shows once per
 * group, so a row of the file stands on its own.
 */
export function limitsCsvTable(rows: ReadonlyArray<TreeRow>, edits: LimitsEdits): CsvTable {
  const out: Array<ReadonlyArray<string | null>> = []
  let station = ''
  for (const row of rows) {
    if (row.kind === 'station') {
      station = row.station
      continue
    }
    const cells = shownRow(row, edits)
    out.push([
      station,
      row.signal,
      row.model,
      ...LIMIT_FIELDS.map((f) => lockedCellText(f, row.side) ?? cells[f] ?? null),
    ])
  }
  return { headers: ['Station', 'Signal', 'Model', ...LIMIT_FIELDS], rows: out }
}
