import {
  EVALUATION_RATIO_DECIMALS,
  TRAINING_SPLIT_DECIMALS,
  TRAINING_SPLIT_DEFAULT_PERCENT,
  TRAINING_SPLIT_MAX_PERCENT,
  TRAINING_SPLIT_MIN_PERCENT,
  TRAINING_SPLIT_STEP,
} from '../constants'

/**
 * FLT-05 training split: how much of the data is held out for evaluation, in percent. The control
 * works in percent; monitor_filter.evaluation_ratio stores the same share as a ratio (20 % ⇄ 0.2).
 * The query's own, narrower bounds (0.01–0.5) are query correction's business, not this control's.
 */

/** A composition may narrow or widen the evaluation bounds (settings §5: "both overridable"). */
export interface TrainingSplitOptions {
  readonly min?: number
  readonly max?: number
}

export interface TrainingSplitBounds {
  readonly min: number
  readonly max: number
  readonly step: number
  readonly defaultPercent: number
}

/** Evaluation share and the sample share that complements it, both in percent. */
export interface TrainingSplit {
  readonly evaluation: number
  readonly sample: number
}

/** The slider's and inputs' bounds (Min/Max labels), step 5, and the Default button's value. */
export const trainingSplitBounds = (options: TrainingSplitOptions = {}): TrainingSplitBounds => {
  const min = options.min ?? TRAINING_SPLIT_MIN_PERCENT
  const max = options.max ?? TRAINING_SPLIT_MAX_PERCENT
  return {
    min,
    max,
    step: TRAINING_SPLIT_STEP,
    defaultPercent: clamp(TRAINING_SPLIT_DEFAULT_PERCENT, min, max),
  }
}

/**
 * An entered evaluation percent as committed: clamped to the bounds, then rounded to 2 decimals.
 * NaN (an empty or unreadable input) commits the default instead of an arbitrary bound.
 */
export const clampEvaluationPercent = (value: number, options: TrainingSplitOptions = {}): number => {
  const { min, max, defaultPercent } = trainingSplitBounds(options)
  if (Number.isNaN(value)) return round(defaultPercent, TRAINING_SPLIT_DECIMALS)
  return round(clamp(value, min, max), TRAINING_SPLIT_DECIMALS)
}

/** Sample = 100 − evaluation, rounded like the evaluation so the two always add up to 100. */
export const samplePercent = (evaluationPercent: number): number =>
  round(100 - evaluationPercent, TRAINING_SPLIT_DECIMALS)

/** The split after the Evaluation input (or the slider) changed. */
export const splitFromEvaluation = (
  evaluationPercent: number,
  options: TrainingSplitOptions = {},
): TrainingSplit => {
  const evaluation = clampEvaluationPercent(evaluationPercent, options)
  return { evaluation, sample: samplePercent(evaluation) }
}

/** The split after the Sample input changed: the evaluation share is what the bounds apply to. */
export const splitFromSample = (sample: number, options: TrainingSplitOptions = {}): TrainingSplit =>
  splitFromEvaluation(100 - sample, options)

/** The Default button. */
export const defaultTrainingSplit = (options: TrainingSplitOptions = {}): TrainingSplit =>
  splitFromEvaluation(trainingSplitBounds(options).defaultPercent, options)

/** evaluation_ratio → percent (0.2 → 20), rounded to the control's 2 decimals. */
export const ratioToPercent = (ratio: number): number => round(ratio * 100, TRAINING_SPLIT_DECIMALS)

/** percent → evaluation_ratio (20 → 0.2), rounded to the ratio's 4 decimals (spec §5). */
export const percentToRatio = (percent: number): number => round(percent / 100, EVALUATION_RATIO_DECIMALS)

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value))

/**
 * Half-up rounding to `decimals` places. Scaling is read back at 15 significant digits first, so
 * binary noise does not decide the rounding (1.005 × 100 is 100.49999999999999 in floating point).
 */
const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals
  return Math.round(Number((value * factor).toPrecision(15))) / factor
}
