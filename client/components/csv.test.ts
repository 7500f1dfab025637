import { describe, expect, it } from 'vitest'
import { csvCell, csvFileName, toCsv } from './csv'

describe('SHELL-07 CSV cells', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Line 1')).toBe('Line 1')
    expect(csvCell(42)).toBe('42')
    expect(csvCell(-1.5)).toBe('-1.5')
  })
  it('writes null, undefined and non-finite numbers as empty cells', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(Number.NaN)).toBe('')
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('')
  })
  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('cr\r\nlf')).toBe('"cr\r\nlf"')
  })
  it.each(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('guards %j against formula injection', (text) => {
    expect(csvCell(text)).toMatch(/^"?'/)
    expect(csvCell(text).replace(/^"|"$/g, '').slice(1)).toBe(text)
  })
  it('guards a formula that also needs quoting', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"')
  })
  it('does not touch a formula character that is not first', () => {
    expect(csvCell('a=b')).toBe('a=b')
    expect(csvCell('2026-03-08 02:30')).toBe('2026-03-08 02:30')
  })
})

describe('SHELL-07 CSV tables', () => {
  it('writes the header row, then each row, with CRLF line ends', () => {
    const text = toCsv({
      headers: ['Line', 'Active', 'Count'],
      rows: [
        ['Line 1', 'Active', 3],
        ['Paint, east', 'Inactive', null],
      ],
    })
    expect(text).toBe('Line,Active,Count\r\nLine 1,Active,3\r\n"Paint, east",Inactive,\r\n')
  })
  it('writes only the header row when there are no rows', () => {
    expect(toCsv({ headers: ['Email'], rows: [] })).toBe('Email\r\n')
  })
})

describe('SHELL-07 CSV file names', () => {
  it('names the grid and the plant date', () => {
    expect(csvFileName('Users', '2026-03-08')).toBe('users-2026-03-08.csv')
    expect(csvFileName('MVD Monitors Line 1', '2026-03-08')).toBe('mvd-monitors-line-1-2026-03-08.csv')
  })
  it('keeps only letters and digits of a line name, without accents', () => {
    expect(csvFileName('Cap Alerts Ligne Émaillage / #2', '2026-11-01')).toBe(
      'cap-alerts-ligne-emaillage-2-2026-11-01.csv',
    )
  })
  it('still names a file when the name has no letters or digits', () => {
    expect(csvFileName('///', '2026-11-01')).toBe('export-2026-11-01.csv')
  })
})
