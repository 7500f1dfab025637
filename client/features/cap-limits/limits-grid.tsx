/**
 * CAPL-01..04: the Cap Limits tree grid — Station, Signal, Model, LSL, LCL, UCL, USL — with rows of
 * the spec's 65 px, only the rows in view rendered (use-row-window.ts). Only the four limit cells
 * are editable; a single-sided signal's locked cells show 'Single Sided'; each cell shows its rule's
 * message under it; an edited row is marked.
 */
import { memo, useRef } from 'react'
import { ActionButton } from '@adobe/react-spectrum'
import { GRID_ROW_HEIGHT_PX, LIMIT_FIELDS } from '../../../shared/constants'
import { messageAt } from '../../../shared/validation/field-error'
import {
  lockedCellText,
  validateLimitRow,
  type LimitField,
  type LimitRow,
} from '../../../shared/validation/limit-rules'
import { Messages } from '../../../shared/validation/messages'
import { shownRow, type LimitTreeRow, type LimitsEdits, type TreeRow } from './limits-grid-model'
import { useRowWindow } from './use-row-window'

const L = Messages.limits

interface LimitsGridProps {
  readonly rows: ReadonlyArray<TreeRow>
  readonly edits: LimitsEdits
  readonly expanded: ReadonlySet<string>
  readonly emptyText: string
  onEdit(row: LimitTreeRow, field: LimitField, text: string): void
  onToggleModels(signalId: string): void
}

export function LimitsGrid({ rows, edits, expanded, emptyText, onEdit, onToggleModels }: LimitsGridProps) {
  const scroller = useRef<HTMLDivElement>(null)
  const win = useRowWindow(scroller, rows.length, GRID_ROW_HEIGHT_PX)
  return (
    <div className="qm-limits-scroll" ref={scroller}>
      <table className="qm-limits-table" aria-label="Cap Limits" aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Station</th>
            <th scope="col">Signal</th>
            <th scope="col">Model</th>
            {LIMIT_FIELDS.map((f) => (
              <th key={f} scope="col">
                {f}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={7} className="qm-grid-message">
                {emptyText}
              </td>
            </tr>
          )}
          {win.before > 0 && <tr aria-hidden="true" style={{ height: win.before }} />}
          {rows.slice(win.start, win.end).map((row, i) =>
            row.kind === 'station' ? (
              <tr key={row.key} className="qm-limits-station" aria-rowindex={win.start + i + 2}>
                <th scope="rowgroup" colSpan={7}>
                  {row.station}
                </th>
              </tr>
            ) : (
              <LimitRowView
                key={row.key}
                row={row}
                index={win.start + i + 2}
                cells={shownRow(row, edits)}
                edited={edits.has(row.key)}
                expanded={expanded.has(row.signalId)}
                onEdit={onEdit}
                onToggleModels={onToggleModels}
              />
            ),
          )}
          {win.after > 0 && <tr aria-hidden="true" style={{ height: win.after }} />}
        </tbody>
      </table>
    </div>
  )
}

interface LimitRowViewProps {
  readonly row: LimitTreeRow
  readonly index: number
  readonly cells: LimitRow
  readonly edited: boolean
  readonly expanded: boolean
  onEdit(row: LimitTreeRow, field: LimitField, text: string): void
  onToggleModels(signalId: string): void
}

// Re-renders only when its own cells change, so typing in one row does not redraw the others.
const LimitRowView = memo(
  function LimitRowView({ row, index, cells, edited, expanded, onEdit, onToggleModels }: LimitRowViewProps) {
    const errors = validateLimitRow(cells, row.side)
    const name = `${row.signal} ${row.model}`
    return (
      <tr
        className={edited ? 'qm-limits-row qm-limits-edited' : 'qm-limits-row'}
        style={{ height: GRID_ROW_HEIGHT_PX }}
        aria-rowindex={index}
        data-row-key={row.key}
      >
        <td>{edited && <span className="qm-limits-edited-mark">Edited</span>}</td>
        <td className={row.isDefault ? undefined : 'qm-limits-model-indent'}>
          {row.isDefault && (
            <span className="qm-cell-text qm-limits-signal-name" title={row.signal}>
              {row.signal}
            </span>
          )}
        </td>
        <td>
          <span className="qm-limits-model">
            <span className="qm-cell-text">{row.model}</span>
            {row.modelCount > 0 && (
              <ActionButton
                isQuiet
                UNSAFE_className="qm-hit qm-limits-models-button"
                aria-expanded={expanded}
                aria-label={`${expanded ? L.hideModels : L.seeModels}: ${row.signal}`}
                onPress={() => onToggleModels(row.signalId)}
              >
                {expanded ? L.hideModels : L.seeModels}
              </ActionButton>
            )}
          </span>
        </td>
        {LIMIT_FIELDS.map((field) => {
          const locked = lockedCellText(field, row.side)
          if (locked !== undefined) {
            return (
              <td key={field} className="qm-limits-locked" aria-label={`${field} for ${name}: ${locked}`}>
                {locked}
              </td>
            )
          }
          const message = messageAt(errors, field)
          const errorId = `limit-error-${row.key}-${field}`
          return (
            <td key={field} className="qm-limits-cell">
              <input
                className="qm-limits-input"
                aria-label={`${field} for ${name}`}
                inputMode="decimal"
                autoComplete="off"
                value={cells[field] ?? ''}
                aria-invalid={message !== undefined || undefined}
                aria-describedby={message !== undefined ? errorId : undefined}
                onChange={(e) => onEdit(row, field, e.target.value)}
              />
              {message !== undefined && (
                <span id={errorId} className="qm-limits-error">
                  {message}
                </span>
              )}
            </td>
          )
        })}
      </tr>
    )
  },
  (a, b) =>
    a.row === b.row &&
    a.index === b.index &&
    a.cells === b.cells &&
    a.edited === b.edited &&
    a.expanded === b.expanded &&
    a.onEdit === b.onEdit &&
    a.onToggleModels === b.onToggleModels,
)
