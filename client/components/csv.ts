/**
 * CSV export of a grid (SHELL-07), pure so every rule is unit-tested: RFC 4180 quoting (a cell with
 * a comma, a quote or a line break is quoted, quotes doubled), CRLF line ends, and a cell a
 * spreadsheet would run as a formula (=, +, -, @, tab or CR first) prefixed with an apostrophe.
 * The file name names the grid and the plant's date. Downloading is csv-export-button.tsx.
 */
export type CsvValue = string | number | null | undefined

export interface CsvTable {
  readonly headers: ReadonlyArray<string>
  readonly rows: ReadonlyArray<ReadonlyArray<CsvValue>>
}

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  // A number is data, never a formula: -5 stays -5.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv({ headers, rows }: CsvTable): string {
  return [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/**
 * 'mvd-monitors-line-1-2026-03-08.csv': the grid's name (and its line) in lower case with every run
 * of other characters one '-', then the plant's date (YYYY-MM-DD), so exports of different grids,
 * lines and days never overwrite each other.
 */
export function csvFileName(gridName: string, plantDate: string): string {
  const slug = gridName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${slug || 'export'}-${plantDate}.csv`
}
