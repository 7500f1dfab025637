import fc from 'fast-check'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, test } from 'vitest'
import { fixedClock, systemClock } from '../../../shared/time/clock'
import {
  addHours,
  formatPlantDateTime,
  hoursAgo,
  isInFuture,
  isIngestionOverdue,
  isPlantDateInFuture,
  isPlantDateTimeInFuture,
  isValidTimeZone,
  minutesToMs,
  minutesToSeconds,
  msToMinutes,
  nowUtc,
  parseUtc,
  plantNow,
  plantToUtc,
  plantToday,
  secondsToMinutes,
  timeZoneNote,
  toUtcIso,
  utcToPlant,
} from '../../../shared/time/plant-time'

const CHICAGO = 'America/Chicago'
const BERLIN = 'Europe/Berlin'
const LORD_HOWE = 'Australia/Lord_Howe'
const ZONES = [CHICAGO, BERLIN, LORD_HOWE, 'Asia/Kolkata', 'UTC'] as const

/** Any millisecond instant from 1970 to 2100, as the stored UTC string. */
const anyUtc = fc
  .integer({ min: 0, max: Date.UTC(2100, 0, 1) })
  .map((ms) => toUtcIso(Temporal.Instant.fromEpochMilliseconds(ms)))

describe('SHELL-09 UTC ⇄ plant time', () => {
  test('SHELL-09 a UTC time shows as the plant wall-clock time, in winter and in summer', () => {
    expect(utcToPlant('2026-01-15T18:00:00Z', CHICAGO).toPlainDateTime().toString()).toBe(
      '2026-01-15T12:00:00',
    )
    expect(utcToPlant('2026-07-15T17:00:00Z', CHICAGO).toPlainDateTime().toString()).toBe(
      '2026-07-15T12:00:00',
    )
    expect(utcToPlant('2026-07-15T10:00:00Z', BERLIN).toPlainDateTime().toString()).toBe(
      '2026-07-15T12:00:00',
    )
  })

  test.each(ZONES)('SHELL-09 utc → plant → utc is the identity for every instant in %s', (zone) => {
    fc.assert(fc.property(anyUtc, (iso) => plantToUtc(utcToPlant(iso, zone), zone) === iso))
  })

  test.each([CHICAGO, BERLIN, LORD_HOWE])(
    'SHELL-09 a wall-clock time converts back to its instant with earlier or later in %s',
    (zone) => {
      fc.assert(
        fc.property(anyUtc, (iso) => {
          const wall = utcToPlant(iso, zone).toPlainDateTime()
          const candidates = [plantToUtc(wall, zone, 'earlier'), plantToUtc(wall, zone, 'later')]
          return candidates.includes(iso)
        }),
      )
    },
  )

  test('SHELL-09 plant times are written as UTC strings with milliseconds and Z', () => {
    expect(plantToUtc('2026-01-15T12:00', CHICAGO)).toBe('2026-01-15T18:00:00.000Z')
    expect(plantToUtc('2026-01-15 12:00', CHICAGO)).toBe('2026-01-15T18:00:00.000Z')
    expect(plantToUtc(Temporal.PlainDateTime.from('2026-07-15T12:00:00.123'), BERLIN)).toBe(
      '2026-07-15T10:00:00.123Z',
    )
  })

  test('SHELL-09 a plant time carrying an offset or Z is refused', () => {
    expect(() => plantToUtc('2026-03-08T02:30Z', CHICAGO)).toThrow(RangeError)
    expect(() => plantToUtc('2026-03-08T02:30-06:00', CHICAGO)).toThrow(RangeError)
    expect(() => plantToUtc('2026-03-08T02:30+01:00', CHICAGO)).toThrow(RangeError)
  })

  describe('SHELL-09 daylight saving', () => {
    test.each([
      // spring forward: 02:00 → 03:00, 02:30 does not exist
      [CHICAGO, '2026-03-08T02:30', 'compatible', '2026-03-08T08:30:00.000Z'],
      [CHICAGO, '2026-03-08T02:30', 'earlier', '2026-03-08T07:30:00.000Z'],
      [CHICAGO, '2026-03-08T02:30', 'later', '2026-03-08T08:30:00.000Z'],
      [BERLIN, '2026-03-29T02:30', 'compatible', '2026-03-29T01:30:00.000Z'],
      [BERLIN, '2026-03-29T02:30', 'earlier', '2026-03-29T00:30:00.000Z'],
      // Lord Howe Island moves by only 30 minutes: 02:00 → 02:30
      [LORD_HOWE, '2026-10-04T02:15', 'compatible', '2026-10-03T15:45:00.000Z'],
      [LORD_HOWE, '2026-10-04T02:15', 'earlier', '2026-10-03T15:15:00.000Z'],
    ] as const)('SHELL-09 spring-forward gap: %s %s with %s is %s', (zone, wall, disambiguation, utc) => {
      expect(plantToUtc(wall, zone, disambiguation)).toBe(utc)
    })

    test.each([
      // fall back: 01:30 (Chicago), 02:30 (Berlin), 01:45 (Lord Howe) happen twice
      [CHICAGO, '2026-11-01T01:30', 'compatible', '2026-11-01T06:30:00.000Z'],
      [CHICAGO, '2026-11-01T01:30', 'earlier', '2026-11-01T06:30:00.000Z'],
      [CHICAGO, '2026-11-01T01:30', 'later', '2026-11-01T07:30:00.000Z'],
      [BERLIN, '2026-10-25T02:30', 'compatible', '2026-10-25T00:30:00.000Z'],
      [BERLIN, '2026-10-25T02:30', 'earlier', '2026-10-25T00:30:00.000Z'],
      [BERLIN, '2026-10-25T02:30', 'later', '2026-10-25T01:30:00.000Z'],
      [LORD_HOWE, '2026-04-05T01:45', 'earlier', '2026-04-04T14:45:00.000Z'],
      [LORD_HOWE, '2026-04-05T01:45', 'later', '2026-04-04T15:15:00.000Z'],
    ] as const)('SHELL-09 fall-back overlap: %s %s with %s is %s', (zone, wall, disambiguation, utc) => {
      expect(plantToUtc(wall, zone, disambiguation)).toBe(utc)
    })

    test('SHELL-09 reject refuses a skipped or a repeated plant time', () => {
      expect(() => plantToUtc('2026-03-08T02:30', CHICAGO, 'reject')).toThrow(RangeError)
      expect(() => plantToUtc('2026-11-01T01:30', CHICAGO, 'reject')).toThrow(RangeError)
      expect(() => plantToUtc('2026-10-25T02:30', BERLIN, 'reject')).toThrow(RangeError)
      expect(plantToUtc('2026-11-01T03:30', CHICAGO, 'reject')).toBe('2026-11-01T09:30:00.000Z')
    })

    test('SHELL-09 the second 01:30 of a Chicago fall-back night converts back to itself', () => {
      const second = utcToPlant('2026-11-01T07:30:00.000Z', CHICAGO)
      expect(second.toPlainDateTime().toString()).toBe('2026-11-01T01:30:00')
      expect(plantToUtc(second, CHICAGO)).toBe('2026-11-01T07:30:00.000Z')
    })
  })

  test('SHELL-09 conversions ignore the device time zone', () => {
    const convert = () => [
      utcToPlant('2026-11-01T07:30:00.000Z', CHICAGO).toString(),
      plantToUtc('2026-10-25T02:30', BERLIN),
      formatPlantDateTime('2026-03-08T08:30:00Z', CHICAGO),
      plantNow(LORD_HOWE, fixedClock('2026-10-03T15:45:00Z')).toString(),
    ]
    const original = process.env.TZ
    try {
      process.env.TZ = 'Asia/Tokyo'
      const inTokyo = convert()
      process.env.TZ = 'America/Los_Angeles'
      expect(convert()).toEqual(inTokyo)
    } finally {
      if (original === undefined) delete process.env.TZ
      else process.env.TZ = original
    }
  })

  test('SHELL-09 parseUtc and isValidTimeZone tell good input from bad', () => {
    expect(parseUtc('2026-03-08T08:30:00.000Z')?.epochMilliseconds).toBe(Date.UTC(2026, 2, 8, 8, 30))
    expect(parseUtc('2026-03-08T08:30')).toBeUndefined()
    expect(parseUtc('yesterday')).toBeUndefined()
    expect(parseUtc(null)).toBeUndefined()
    expect(isValidTimeZone(CHICAGO)).toBe(true)
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false)
  })
})

describe('SHELL-09 display', () => {
  test('SHELL-09 plant date-times show as YYYY-MM-DD HH:mm in the plant zone', () => {
    expect(formatPlantDateTime('2026-03-08T08:30:00Z', CHICAGO)).toBe('2026-03-08 03:30')
    expect(formatPlantDateTime('2026-03-08T07:59:00Z', CHICAGO)).toBe('2026-03-08 01:59')
    expect(formatPlantDateTime('2026-10-25T01:30:00.000Z', BERLIN)).toBe('2026-10-25 02:30')
    expect(formatPlantDateTime('2026-01-01T05:59:00Z', CHICAGO)).toBe('2025-12-31 23:59')
  })

  test('SHELL-09 the offset tells the two 01:30s of a fall-back night apart', () => {
    expect(formatPlantDateTime('2026-11-01T06:30:00Z', CHICAGO)).toBe('2026-11-01 01:30')
    expect(formatPlantDateTime('2026-11-01T07:30:00Z', CHICAGO)).toBe('2026-11-01 01:30')
    expect(formatPlantDateTime('2026-11-01T06:30:00Z', CHICAGO, { withOffset: true })).toBe(
      '2026-11-01 01:30 -05:00',
    )
    expect(formatPlantDateTime('2026-11-01T07:30:00Z', CHICAGO, { withOffset: true })).toBe(
      '2026-11-01 01:30 -06:00',
    )
  })

  test('SHELL-09 the time zone note names the plant zone', () => {
    expect(timeZoneNote(CHICAGO)).toBe('Times are in America/Chicago')
  })
})

describe('FLT-01 picker: future disabled, Now button', () => {
  const clock = fixedClock('2026-03-08T08:30:00Z') // 03:30 CDT, just after the spring-forward gap

  test('FLT-01 a stored time later than now is in the future, now itself is not', () => {
    expect(isInFuture('2026-03-08T08:30:00.001Z', clock)).toBe(true)
    expect(isInFuture('2026-03-08T08:30:00.000Z', clock)).toBe(false)
    expect(isInFuture('2026-03-08T08:29:59.999Z', clock)).toBe(false)
  })

  test('FLT-01 the picker disables plant times after now', () => {
    const at = (text: string) => Temporal.PlainDateTime.from(text)
    expect(isPlantDateTimeInFuture(at('2026-03-08T03:29'), CHICAGO, clock)).toBe(false)
    expect(isPlantDateTimeInFuture(at('2026-03-08T03:31'), CHICAGO, clock)).toBe(true)
    // 02:30 does not exist; it would be saved as 03:30, which is now: not future
    expect(isPlantDateTimeInFuture(at('2026-03-08T02:30'), CHICAGO, clock)).toBe(false)
    expect(isPlantDateTimeInFuture(at('2026-03-08T09:31'), BERLIN, clock)).toBe(true)
  })

  test('FLT-01 in the repeated hour the picker judges the instant that would be saved', () => {
    const secondPass = fixedClock('2026-11-01T07:10:00Z') // 01:10 CST, the second 01:10
    const wall = Temporal.PlainDateTime.from('2026-11-01T01:40')
    expect(isPlantDateTimeInFuture(wall, CHICAGO, secondPass)).toBe(false) // saved as 01:40 CDT, past
    expect(isPlantDateTimeInFuture(wall, CHICAGO, secondPass, 'later')).toBe(true)
  })

  test('FLT-01 the picker disables whole days after the plant date, not the UTC date', () => {
    const lateEvening = fixedClock('2026-03-09T03:00:00Z') // 2026-03-08 22:00 in Chicago
    expect(plantToday(CHICAGO, lateEvening).toString()).toBe('2026-03-08')
    expect(isPlantDateInFuture(Temporal.PlainDate.from('2026-03-09'), CHICAGO, lateEvening)).toBe(true)
    expect(isPlantDateInFuture(Temporal.PlainDate.from('2026-03-08'), CHICAGO, lateEvening)).toBe(false)
    expect(isPlantDateInFuture(Temporal.PlainDate.from('2026-03-09'), BERLIN, lateEvening)).toBe(false)
  })

  test('FLT-01 Now is the plant wall-clock time and the exact UTC instant', () => {
    expect(plantNow(CHICAGO, clock).toString()).toBe('2026-03-08T03:30:00')
    expect(plantNow(BERLIN, clock).toString()).toBe('2026-03-08T09:30:00')
    expect(nowUtc(clock)).toBe('2026-03-08T08:30:00.000Z')
  })

  test.each([CHICAGO, BERLIN, LORD_HOWE])('FLT-01 Now is never disabled by the picker in %s', (zone) => {
    fc.assert(
      fc.property(anyUtc, (iso) => {
        const at = fixedClock(iso)
        return !isPlantDateTimeInFuture(plantNow(zone, at), zone, at)
      }),
    )
  })

  test('FLT-01 the system clock reads the current time', () => {
    const before = Date.now()
    const now = systemClock.now().epochMilliseconds
    expect(now).toBeGreaterThanOrEqual(before)
    expect(now).toBeLessThanOrEqual(Date.now())
  })
})

describe('FLT-03 and RULE-02 unit conversions', () => {
  test('FLT-03 Duration minutes are stored in milliseconds', () => {
    expect(minutesToMs(1)).toBe(60000)
    expect(minutesToMs(60)).toBe(3600000)
    expect(msToMinutes(3600000)).toBe(60)
    expect(msToMinutes(90000)).toBe(1.5)
  })

  test('RULE-02 time is entered in minutes and stored in seconds (60 per minute)', () => {
    expect(minutesToSeconds(15)).toBe(900)
    expect(minutesToSeconds(1440)).toBe(86400)
    expect(secondsToMinutes(900)).toBe(15)
  })
})

describe('LINE-07 No Ingestion', () => {
  const last = '2026-03-07T08:30:00.000Z'

  test('LINE-07 flagged only once last ingested time plus threshold hours is past', () => {
    expect(isIngestionOverdue(last, 24, fixedClock('2026-03-08T08:29:59.999Z'))).toBe(false)
    expect(isIngestionOverdue(last, 24, fixedClock('2026-03-08T08:30:00.000Z'))).toBe(false)
    expect(isIngestionOverdue(last, 24, fixedClock('2026-03-08T08:30:00.001Z'))).toBe(true)
  })

  test('LINE-07 a threshold of 0 hours flags any line not ingesting right now', () => {
    expect(isIngestionOverdue(last, 0, fixedClock(last))).toBe(false)
    expect(isIngestionOverdue(last, 0, fixedClock('2026-03-07T08:30:00.001Z'))).toBe(true)
  })

  test('LINE-07 threshold hours are exact hours, even across a daylight-saving change', () => {
    // 12:00 CST on 2026-03-07; 24 h later is 13:00 CDT on 2026-03-08, not 12:00
    const noon = '2026-03-07T18:00:00.000Z'
    expect(addHours(noon, 24)).toBe('2026-03-08T18:00:00.000Z')
    expect(isIngestionOverdue(noon, 24, fixedClock('2026-03-08T17:30:00Z'))).toBe(false)
    expect(isIngestionOverdue(noon, 24, fixedClock('2026-03-08T18:00:01Z'))).toBe(true)
  })

  test('LINE-07 a line that never ingested is flagged', () => {
    expect(isIngestionOverdue(null, 24, fixedClock(last))).toBe(true)
    expect(isIngestionOverdue('not a time', 24, fixedClock(last))).toBe(true)
  })

  test('LINE-07 a missing threshold uses the default', () => {
    expect(isIngestionOverdue(last, null, fixedClock('2026-03-08T08:30:00.000Z'))).toBe(false)
    expect(isIngestionOverdue(last, null, fixedClock('2026-03-08T08:30:00.001Z'))).toBe(true)
  })

  test('LINE-07 hoursAgo and addHours move by exact hours', () => {
    expect(hoursAgo(24, fixedClock('2026-03-08T08:30:00Z'))).toBe(last)
    expect(addHours(last, 1.5)).toBe('2026-03-07T10:00:00.000Z')
    expect(addHours(last, -24)).toBe('2026-03-06T08:30:00.000Z')
  })
})
