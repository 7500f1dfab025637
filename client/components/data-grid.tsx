import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'
import { ActionButton, Flex, ProgressCircle } from '@adobe/react-spectrum'
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type SortingState,
} from '@tanstack/react-table'
import { downloadCsv, toCsv } from './csv'

export interface DataGridColumn<T> {
  readonly id: string
  /** A string header is also the CSV header; other headers use the id there. */
  readonly header: ReactNode
  readonly cell: (row: T) => ReactNode
  /** Makes the column sortable (click or Enter/Space on the header). */
  readonly sortValue?: (row: T) => string | number
  /** The CSV value; columns with neither csv nor sortValue are left out of the export. */
  readonly csv?: (row: T) => string | number | null
  readonly width?: number | string
}

export interface DataGridProps<T> {
  readonly ariaLabel: string
  readonly rows: ReadonlyArray<T>
  readonly columns: ReadonlyArray<DataGridColumn<T>>
  readonly getRowId: (row: T) => string
  readonly emptyText: ReactNode
  readonly loading?: boolean
  /** Shows the Export CSV toolbar button (SHELL-07). */
  readonly csvFileName?: string
  /** Pixels (Cap Limits uses GRID_ROW_HEIGHT_PX). */
  readonly rowHeight?: number
}

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() })
const helper = createColumnHelper<typeof features, object>()

const compare = (a: unknown, b: unknown): number =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true, sensitivity: 'base' })

/**
 * The accessible grid every settings table uses: a real <table> with sortable headers (aria-sort),
 * rows reachable with the arrow keys (one tab stop for the whole body, controls inside rows keep
 * their own keys), a loading row, an empty text and an optional CSV export of the sorted rows.
 */
export function DataGrid<T>(props: DataGridProps<T>) {
  const { ariaLabel, rows, columns, getRowId, emptyText, loading = false, csvFileName, rowHeight } = props
  const [sorting, setSorting] = useState<SortingState>([])
  const [activeRow, setActiveRow] = useState(0)

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

  const onRowKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    // Only when the row itself has focus: a field or switch inside the row keeps its arrow keys.
    if (e.target !== e.currentTarget) return
    const last = sortedRows.length - 1
    const next =
      e.key === 'ArrowDown'
        ? Math.min(index + 1, last)
        : e.key === 'ArrowUp'
          ? Math.max(index - 1, 0)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : undefined
    if (next === undefined) return
    e.preventDefault()
    setActiveRow(next)
    const body = e.currentTarget.parentElement
    ;(body?.children[next] as HTMLElement | undefined)?.focus()
  }

  const exportCsv = () => {
    if (!csvFileName) return
    const exported = columns.filter((c) => c.csv !== undefined || c.sortValue !== undefined)
    const text = toCsv(
      exported.map((c) => (typeof c.header === 'string' ? c.header : c.id)),
      sortedRows.map((r) => exported.map((c) => (c.csv ?? c.sortValue)?.(r.original as T) ?? null)),
    )
    downloadCsv(csvFileName, text)
  }

  const focusIndex = Math.min(activeRow, Math.max(sortedRows.length - 1, 0))
  return (
    <div className="qm-grid">
      {csvFileName !== undefined && (
        <Flex justifyContent="end" marginBottom="size-100">
          <ActionButton onPress={exportCsv} isDisabled={loading || rows.length === 0}>
            Export CSV
          </ActionButton>
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
                  <th key={h.id} scope="col" aria-sort={ariaSort} style={{ width: col?.width }}>
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
              sortedRows.map((r, index) => (
                <tr
                  key={r.id}
                  data-row-id={r.id}
                  tabIndex={index === focusIndex ? 0 : -1}
                  style={rowHeight !== undefined ? { height: rowHeight } : undefined}
                  onFocus={(e) => e.target === e.currentTarget && setActiveRow(index)}
                  onKeyDown={(e) => onRowKeyDown(e, index)}
                >
                  {columns.map((c) => (
                    <td key={c.id}>{c.cell(r.original as T)}</td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  )
}
