import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  clampEvaluationPercent,
  defaultTrainingSplit,
  percentToRatio,
  ratioToPercent,
  samplePercent,
  splitFromEvaluation,
  splitFromSample,
  trainingSplitBounds,
} from '../../../shared/validation/training-split'

// Values from settings-area.md §5 / §9: min 1 %, max 99 %, default 20 %, 2 decimals, step 5.
describe('FLT-05 training split', () => {
  test('FLT-05 bounds are 1 % to 99 %, slider step 5, default 20 %', () => {
    expect(trainingSplitBounds()).toEqual({ min: 1, max: 99, step: 5, defaultPercent: 20 })
  })

  test('FLT-05 the Default button gives evaluation 20 % and sample 80 %', () => {
    expect(defaultTrainingSplit()).toEqual({ evaluation: 20, sample: 80 })
  })

  test.each([
    [0, 1],
    [0.5, 1],
    [1, 1],
    [20, 20],
    [99, 99],
    [99.999, 99],
    [100, 99],
    [-5, 1],
    [12.345, 12.35],
    [12.344, 12.34],
    [1.005, 1.01],
    [Number.POSITIVE_INFINITY, 99],
    [Number.NaN, 20],
  ])('FLT-05 an evaluation of %s percent is committed as %s percent', (entered, committed) => {
    expect(clampEvaluationPercent(entered)).toBe(committed)
  })

  test('FLT-05 both bounds can be overridden', () => {
    expect(clampEvaluationPercent(60, { max: 50 })).toBe(50)
    expect(clampEvaluationPercent(3, { min: 5 })).toBe(5)
    expect(trainingSplitBounds({ min: 5, max: 50 })).toMatchObject({ min: 5, max: 50 })
  })

  test('FLT-05 the default is kept inside overridden bounds', () => {
    expect(defaultTrainingSplit({ min: 30 })).toEqual({ evaluation: 30, sample: 70 })
  })

  test('FLT-05 sample = 100 − evaluation', () => {
    expect(samplePercent(20)).toBe(80)
    expect(samplePercent(12.35)).toBe(87.65)
    expect(splitFromEvaluation(33.333)).toEqual({ evaluation: 33.33, sample: 66.67 })
  })

  test('FLT-05 editing the sample share sets the evaluation share within its bounds', () => {
    expect(splitFromSample(70)).toEqual({ evaluation: 30, sample: 70 })
    expect(splitFromSample(100)).toEqual({ evaluation: 1, sample: 99 })
    expect(splitFromSample(0)).toEqual({ evaluation: 99, sample: 1 })
  })

  test('FLT-05 the committed split always adds up to 100 and stays within bounds', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1000, max: 1000 }), (entered) => {
        const { evaluation, sample } = splitFromEvaluation(entered)
        expect(evaluation).toBeGreaterThanOrEqual(1)
        expect(evaluation).toBeLessThanOrEqual(99)
        expect(Math.round((evaluation + sample) * 100)).toBe(10_000)
        expect(clampEvaluationPercent(evaluation)).toBe(evaluation)
      }),
    )
  })

  test('FLT-05 evaluation_ratio 0.2 is 20 % and back', () => {
    expect(ratioToPercent(0.2)).toBe(20)
    expect(percentToRatio(20)).toBe(0.2)
    expect(ratioToPercent(0.07)).toBe(7)
  })

  test('FLT-05 percent (2 decimals) → ratio → percent is lossless', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 9900 }), (hundredths) => {
        const percent = hundredths / 100
        expect(ratioToPercent(percentToRatio(percent))).toBe(percent)
      }),
    )
  })

  test('FLT-05 ratio (4 decimals) → percent → ratio is lossless', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 9900 }), (tenThousandths) => {
        const ratio = tenThousandths / 10_000
        expect(percentToRatio(ratioToPercent(ratio))).toBe(ratio)
      }),
    )
  })
})
