import { ActionButton } from '@adobe/react-spectrum'
import { systemClock } from '../../shared/time/clock'
import { plantToday } from '../../shared/time/plant-time'
import { csvFileName, toCsv, type CsvTable } from './csv'
import { usePlantTimeZone } from './plant-date-time'

interface CsvExportButtonProps {
  /** Names the file with the plant's date, e.g. 'Cap Alerts Line 1' → cap-alerts-line-1-2026-03-08.csv. */
  readonly gridName: string
  /** Called on press, so a large grid is turned into text only when someone asks for it. */
  readonly table: () => CsvTable
  readonly isDisabled?: boolean
}

/**
 * The Export CSV toolbar button of every grid (SHELL-07). The rows are already on the device, so it
 * works offline; the file is made in the browser and downloaded at once. A 44 px touch target.
 */
export function CsvExportButton({ gridName, table, isDisabled = false }: CsvExportButtonProps) {
  const timeZone = usePlantTimeZone()
  const exportCsv = () => {
    const date = plantToday(timeZone, systemClock).toString()
    downloadText(csvFileName(gridName, date), toCsv(table()))
  }
  return (
    <ActionButton
      onPress={exportCsv}
      isDisabled={isDisabled}
      aria-label={`Export CSV: ${gridName}`}
      UNSAFE_className="qm-hit"
    >
      Export CSV
    </ActionButton>
  )
}

function downloadText(fileName: string, text: string): void {
  // The BOM makes spreadsheet programs read the file as UTF-8 (line names with accents).
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  // Revoked later: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
