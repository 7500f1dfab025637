import { readFile } from 'node:fs/promises'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { chooseLine } from './support/app'
import { goOffline, openSyncedTablet } from './support/tablet'

/**
 * SHELL-07 on a 1024×768 touch tablet, offline: every grid's Export CSV downloads a file named for
 * the grid (and its line) and the plant's date, whose rows are the rows the grid lists, in its
 * order, with the text the grid shows (times in plant time). The file is read back and compared
 * cell by cell with the grid on screen.
 */

const LINE = 'Final Assembly'
const PLANT_ZONE = 'America/Chicago'
/** The plant's calendar date, worked out here independently of the app (en-CA prints YYYY-MM-DD). */
const plantDate = () => new Intl.DateTimeFormat('en-CA', { timeZone: PLANT_ZONE }).format(new Date())

/** RFC 4180, written here rather than taken from the app, so a quoting bug cannot hide itself. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  expect(cell === '' && row.length === 0, 'the file ends with CRLF').toBe(true)
  return rows
}

interface Exported {
  readonly fileName: string
  readonly headers: string[]
  readonly rows: string[][]
}

/** Presses Export CSV by touch (or Enter) and reads the downloaded file. */
async function exportCsv(page: Page, gridName: string, how: 'tap' | 'keyboard' = 'tap'): Promise<Exported> {
  const button = page.getByRole('button', { name: `Export CSV: ${gridName}` })
  await expect(button).toBeEnabled()
  const box = await button.boundingBox()
  expect(box!.height).toBeGreaterThanOrEqual(44)
  const download = page.waitForEvent('download')
  if (how === 'keyboard') {
    await button.focus()
    await page.keyboard.press('Enter')
  } else await button.tap()
  const file = await download
  const raw = await readFile((await file.path())!, 'utf8')
  expect(raw.startsWith('\ufeff'), 'a BOM, so spreadsheets read UTF-8').toBe(true)
  const [headers, ...rows] = parseCsv(raw.slice(1))
  return { fileName: file.suggestedFilename(), headers: headers!, rows }
}

const squash = (s: string) => s.replace(/\s+/g, '')

/** The text of one column of a grid, row by row, as on screen (whitespace left out of the comparison). */
async function gridColumn(table: Locator, header: string): Promise<string[]> {
  const headers = (await table.locator('thead th').allTextContents()).map((h) =>
    h.replace(/[▲▼↕]/g, '').trim(),
  )
  const index = headers.indexOf(header)
  expect(index, `${header} is a column of the grid`).toBeGreaterThanOrEqual(0)
  return table
    .locator('tbody tr')
    .evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent ?? ''), index)
}

/** The exported column equals what the grid shows in that column, row for row. */
async function expectColumn(table: Locator, csv: Exported, header: string) {
  const shown = await gridColumn(table, header)
  const at = csv.headers.indexOf(header)
  expect(at, `${header} is exported`).toBeGreaterThanOrEqual(0)
  expect(csv.rows.map((r) => squash(r[at]!))).toEqual(shown.map(squash))
}

async function openSection(page: Page, section: string) {
  await page.goto(`/settings?section=${section}`, { waitUntil: 'domcontentloaded' })
  await expect(page.getByTestId('signed-in-user')).toBeVisible()
}

test('SHELL-07 SHELL-09 offline, Line Management, Users, Teams and ETQ Reliance export the rows they show, times in plant time', async ({
  browser,
}) => {
  const { context, page } = await openSyncedTablet(browser)
  await goOffline(context, page)

  // Line Management, by keyboard.
  await page.getByRole('tab', { name: 'All' }).click()
  const lines = page.getByRole('table', { name: 'Lines' })
  await expect(lines.locator('tbody tr')).toHaveCount(4)
  const lineCsv = await exportCsv(page, 'Lines', 'keyboard')
  expect(lineCsv.fileName).toBe(`lines-${plantDate()}.csv`)
  expect(lineCsv.rows).toHaveLength(4)
  expect(lineCsv.headers).not.toContain('Actions')
  await expectColumn(lines, lineCsv, 'Line')
  await expectColumn(lines, lineCsv, 'Active Monitors')
  // Last Data: the plant time and zone the cell shows ('No data received' for a line without data).
  await expectColumn(lines, lineCsv, 'Last Data')
  expect(lineCsv.rows.some((r) => r[lineCsv.headers.indexOf('Last Data')]!.includes(PLANT_ZONE))).toBe(true)

  // Users (administrator): e-mails and last logins as listed.
  await openSection(page, 'USER_MANAGEMENT')
  const users = page.getByRole('table', { name: 'Users' })
  await expect(users.locator('tbody tr').first()).toContainText('@')
  const userCsv = await exportCsv(page, 'Users')
  expect(userCsv.fileName).toBe(`users-${plantDate()}.csv`)
  expect(userCsv.headers.slice(0, 3)).toEqual(['Email', 'Last login', 'Role'])
  await expectColumn(users, userCsv, 'Email')
  await expectColumn(users, userCsv, 'Last login')
  expect(userCsv.rows.map((r) => r[2])).toContain('Administrator')

  // Microsoft Teams: the configured date in plant time, the status text.
  await openSection(page, 'MS_TEAMS')
  const teams = page.getByRole('table', { name: 'Microsoft Teams integrations' })
  await expect(teams.locator('tbody tr')).toHaveCount(4)
  const teamsCsv = await exportCsv(page, 'Teams Integrations')
  expect(teamsCsv.fileName).toBe(`teams-integrations-${plantDate()}.csv`)
  expect(teamsCsv.headers).toEqual(['Line', 'Date Configured', 'Status'])
  for (const header of teamsCsv.headers) await expectColumn(teams, teamsCsv, header)
  // The seeded webhook was configured 2026-01-15 14:00 UTC: 08:00 in Chicago.
  expect(teamsCsv.rows.find((r) => r[0] === LINE)).toEqual([
    LINE,
    `2026-01-15 08:00 ${PLANT_ZONE}`,
    'Configured',
  ])

  // ETQ Reliance (its own table, the same button).
  await openSection(page, 'ETQ_RELIANCE')
  const etq = page.getByRole('table', { name: 'ETQ Reliance integrations' })
  await expect(etq.locator('tbody tr')).toHaveCount(4)
  const etqCsv = await exportCsv(page, 'ETQ Reliance Integrations')
  expect(etqCsv.fileName).toBe(`etq-reliance-integrations-${plantDate()}.csv`)
  expect(etqCsv.headers).toEqual(['Line', 'Status', 'Updated'])
  for (const header of etqCsv.headers) await expectColumn(etq, etqCsv, header)
  await context.close()
})

test('SHELL-07 offline, Cap Alerts, Cap Limits and MVD Monitors export the chosen line, named for it', async ({
  browser,
}) => {
  const { context, page } = await openSyncedTablet(browser, undefined, 'SPC_ALERT')
  await goOffline(context, page)
  await chooseLine(page, LINE)

  const cap = page.getByRole('table', { name: 'Cap Alerts' })
  await expect(cap.locator('tbody tr').first()).toBeVisible()
  const capCsv = await exportCsv(page, `Cap Alerts ${LINE}`)
  expect(capCsv.fileName).toBe(`cap-alerts-final-assembly-${plantDate()}.csv`)
  expect(capCsv.headers).not.toContain('Alert Rules')
  await expectColumn(cap, capCsv, 'Station')
  await expectColumn(cap, capCsv, 'Signal')
  // The Monitor switch as its state, one per row as on screen.
  const switches = await cap
    .getByRole('switch', { name: /^Monitor: / })
    .evaluateAll((els) => els.map((e) => ((e as HTMLInputElement).checked ? 'On' : 'Off')))
  expect(capCsv.rows.map((r) => r[capCsv.headers.indexOf('Monitor')])).toEqual(switches)

  await openSection(page, 'SPC_LIMITS')
  const limits = page.getByRole('table', { name: 'Cap Limits' })
  await expect(limits.locator('tbody tr.qm-limits-row').first()).toBeVisible()
  const limitsCsv = await exportCsv(page, `Cap Limits ${LINE}`)
  expect(limitsCsv.fileName).toBe(`cap-limits-final-assembly-${plantDate()}.csv`)
  expect(limitsCsv.headers).toEqual(['Station', 'Signal', 'Model', 'LSL', 'LCL', 'UCL', 'USL'])
  const signalNames = await limits.locator('.qm-limits-signal-name').allTextContents()
  expect(limitsCsv.rows.filter((r) => r[2] === '*').map((r) => r[1])).toEqual(signalNames)
  // Each exported limit is what its cell shows: the input's value, or the locked cell's text.
  const [, signal, model, ...cells] = limitsCsv.rows[0]!
  for (const [i, field] of ['LSL', 'LCL', 'UCL', 'USL'].entries()) {
    const input = limits.getByRole('textbox', { name: `${field} for ${signal} ${model}`, exact: true })
    if ((await input.count()) > 0) await expect(input).toHaveValue(cells[i]!)
    else expect(cells[i]).toBe('Single Sided')
  }

  await openSection(page, 'MVD_ANOMALY_MONITORS')
  const mvd = page.getByRole('table', { name: 'MVD Monitors' })
  await expect(mvd.locator('tbody tr').first()).toContainText('MVD')
  const mvdCsv = await exportCsv(page, `MVD Monitors ${LINE}`)
  expect(mvdCsv.fileName).toBe(`mvd-monitors-final-assembly-${plantDate()}.csv`)
  expect(mvdCsv.headers).toEqual(['Active', 'Monitor name'])
  await expectColumn(mvd, mvdCsv, 'Monitor name')
  await context.close()
})
