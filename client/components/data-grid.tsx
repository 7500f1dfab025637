import { memo, useMemo, useState, type ReactNode } from 'react'
import { Flex, ProgressCircle } from '@adobe/react-spectrum'
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type SortingState,
} from '@tanstack/react-table'
import { CsvExportButton } from './csv-export-button'
import { compareNames } from '../../shared/text/name-order'

export interface DataGridColumn<T> {
  readonly id: string
  /** A string header is also the CSV header; other headers use the id there. */
  readonly header: ReactNode
  readonly cell: (row: T) => ReactNode
  /** Makes the column sortable (click or Enter/Space on the header). */
  readonly sortValue?: (row: T) => string | number
  /**
   * The CSV value: the text the cell shows (a time in plant time, a switch as its state); columns
   * without it (actions) are left out of the export.
   */
  readonly csv?: (row: T) => string | number | null
  readonly width?: number | string
  /**
   * 1 (default): always shown. 2 and 3 step aside, 3 first, when the grid itself is narrow (see
   * styles.css, "Grid"); they stay in the CSV export. Give the row's name and its actions priority 1.
   */
  readonly priority?: 1 | 2 | 3
  /**
   * Kept in view while the grid scrolls sideways: 'start' for the first column (what the row is),
   * 'end' for the last (the row's actions), so every row action is reachable at any width.
   */
  readonly sticky?: 'start' | 'end'
}

export interface DataGridProps<T> {
  readonly ariaLabel: string
  readonly rows: ReadonlyArray<T>
  readonly columns: ReadonlyArray<DataGridColumn<T>>
  readonly getRowId: (row: T) => string
  readonly emptyText: ReactNode
  readonly loading?: boolean
  /**
   * Shows the Export CSV toolbar button (SHELL-07); names the file with the plant's date
   * ('MVD Monitors Line 1' → mvd-monitors-line-1-2026-03-08.csv).
   */
  readonly csvName?: string
  /** Rows left out of the export (a new row being typed). */
  readonly csvSkip?: (row: T) => boolean
  /** Pixels (Cap Limits uses GRID_ROW_HEIGHT_PX). */
  readonly rowHeight?: number
}

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() })
const helper = createColumnHelper<typeof features, object>()

const compare = (a: unknown, b: unknown): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : compareNames(String(a ?? ''), String(b ?? ''))

/**
 * The accessible grid every settings table uses: a real <table> with sortable headers (aria-sort),
 * a loading row, an empty text and an optional CSV export of the sorted rows. Tab moves through the
 * controls in the rows; rows themselves are not tab stops (a row that does nothing when focused
 * only swallows keystrokes). The grid fits any width without widening the page: it scrolls inside
 * its own box with the name and actions columns pinned, and drops low-priority columns when narrow.
 */
export function DataGrid<T>(props: DataGridProps<T>) {
  const {
    ariaLabel,
    rows,
    columns,
    getRowId,
    emptyText,
    loading = false,
    csvName,
    csvSkip,
    rowHeight,
  } = props
  const [sorting, setSorting] = useState<SortingState>([])

  const tableColumns = useMemo(
    () =>
      helper.columns(
        columns.map((c) =>
          helper.accessor((row) => (c.sortValue ? c.sortValue(row as T) : ''), {
            id: c.id,
            enableSorting: c.sortValue !== undefined,
            sortFn: (a, b, id) => compare(a.getValue(id), b.getValue(id)),
          }),
        ),
      ),
    [columns],
  )
  const data = rows as ReadonlyArray<object> as object[]
  const table = useTable({
    features,
    columns: tableColumns,
    data,
    getRowId: (row: object) => getRowId(row as T),
    state: { sorting },
    onSortingChange: setSorting,
  })
  const sortedRows = table.getRowModel().rows
  const byId = new Map(columns.map((c) => [c.id, c]))
  const headers = table.getHeaderGroups()[0]?.headers ?? []

  // The sorted rows, as the grid shows them.
  const csvTable = () => {
    const exported = columns.filter((c) => c.csv !== undefined)
    const shown = sortedRows.map((r) => r.original as T).filter((row) => !csvSkip?.(row))
    return {
      headers: exported.map((c) => (typeof c.header === 'string' ? c.header : c.id)),
      rows: shown.map((row) => exported.map((c) => c.csv?.(row) ?? null)),
    }
  }

  return (
    <div className="qm-grid">
      {csvName !== undefined && (
        <Flex justifyContent="end" marginBottom="size-100">
          <CsvExportButton gridName={csvName} table={csvTable} isDisabled={loading || rows.length === 0} />
        </Flex>
      )}
      <div className="qm-grid-scroll">
        <table className="qm-grid-table" aria-label={ariaLabel} aria-busy={loading || undefined}>
          <thead>
            <tr>
              {headers.map((h) => {
                const col = byId.get(h.column.id)
                const sorted = h.column.getIsSorted()
                const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                return (
                  <th
                    key={h.id}
                    scope="col"
                    aria-sort={ariaSort}
                    style={{ width: col?.width }}
                    data-priority={col?.priority}
                    data-sticky={col?.sticky}
                  >
                    {h.column.getCanSort() ? (
                      <button
                        type="button"
                        className="qm-grid-sort"
                        onClick={h.column.getToggleSortingHandler()}
                      >
                        {col?.header}
                        <span aria-hidden="true" className="qm-grid-sort-icon">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      col?.header
                    )}
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              <tr>
                <td colSpan={columns.length} className="qm-grid-message">
                  <ProgressCircle isIndeterminate size="S" aria-label="Loading" /> Loading…
                </td>
              </tr>
            ) : sortedRows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="qm-grid-message">
                  {emptyText}
                </td>
              </tr>
            ) : (
              sortedRows.map((r) => (
                <GridRow
                  key={r.id}
                  id={r.id}
                  row={r.original}
                  columns={columns as ReadonlyArray<DataGridColumn<unknown>>}
                  rowHeight={rowHeight}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  )
}

interface GridRowProps {
  readonly id: string
  readonly row: unknown
  readonly columns: ReadonlyArray<DataGridColumn<unknown>>
  readonly rowHeight: number | undefined
}

/**
 * One row, rendered again only when its document or the columns changed: live reads keep an
 * unchanged document's object (db/react/shared-docs.ts), so an edit re-renders the edited row, not the
 * grid's every cell (and their focus and press handlers). A cell must depend on nothing but its row
 * and its column (columns memoized on everything else their cells read).
 */
const GridRow = memo(function GridRow({ id, row, columns, rowHeight }: GridRowProps) {
  return (
    <tr data-row-id={id} style={rowHeight !== undefined ? { height: rowHeight } : undefined}>
      {columns.map((c) => (
        <td key={c.id} data-priority={c.priority} data-sticky={c.sticky}>
          {c.cell(row)}
        </td>
      ))}
    </tr>
  )
})
