import { describe, expect, test } from 'vitest'
import * as C from '../../shared/constants'

describe('constants given by the specification', () => {
  test('FLT-04 minimum records is the minimum evaluation count over the largest split (25 / 0.5 = 50)', () => {
    expect(C.MIN_RECORDS).toBe(50)
  })
  test('RULE-01 alert rule form defaults are 7, 7, 15, 900, 1', () => {
    expect(C.ALERT_RULE_DEFAULTS).toEqual({
      breachesForRuns: 7,
      breachesForTime: 7,
      runs: 15,
      seconds: 900,
      consecutiveBreaches: 1,
    })
  })
  test('SHELL-02 the ten settings section ids', () => {
    expect([...C.SETTINGS_SECTIONS].sort()).toEqual(
      [
        'DATA_SOURCES',
        'ETQ_RELIANCE',
        'LINE_MANAGEMENT',
        'MS_TEAMS',
        'MVD_ANOMALY_MONITORS',
        'SIGNAL_MANAGEMENT',
        'SPC_ALERT',
        'SPC_LIMITS',
        'SVD_ANOMALY_MONITORS',
        'USER_MANAGEMENT',
      ].sort(),
    )
  })
})
