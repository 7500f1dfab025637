/**
 * FLT-05: the Training Split — a slider (step 5) with Sample and Evaluation percent inputs, Min/Max
 * labels and a Default button (20 %). The stored evaluation_ratio must stay within the query's bounds
 * (0.01–0.5), so this composition narrows the overridable evaluation maximum to 50 %.
 */
import { useState } from 'react'
import { ActionButton, Flex, Slider, Text } from '@adobe/react-spectrum'
import {
  DEBOUNCE_MS,
  EVALUATION_RATIO_QUERY_MAX,
  EVALUATION_RATIO_QUERY_MIN,
} from '../../../shared/constants'
import {
  defaultTrainingSplit,
  percentToRatio,
  ratioToPercent,
  splitFromEvaluation,
  splitFromSample,
  trainingSplitBounds,
} from '../../../shared/validation/training-split'
import { DigitsField } from './digits-field'

const OPTIONS = { min: EVALUATION_RATIO_QUERY_MIN * 100, max: EVALUATION_RATIO_QUERY_MAX * 100 }

export function TrainingSplitField({
  ratio,
  isDisabled,
  onChange,
}: {
  ratio: number
  isDisabled: boolean
  onChange(ratio: number): void
}) {
  const bounds = trainingSplitBounds(OPTIONS)
  const evaluation = ratioToPercent(ratio)
  // The slider moves freely; the value is committed when it stops (the spec's 400 ms debounce).
  const [dragging, setDragging] = useState<number | undefined>()
  const commitEvaluation = (percent: number) =>
    onChange(percentToRatio(splitFromEvaluation(percent, OPTIONS).evaluation))
  const shown = dragging ?? evaluation
  return (
    <fieldset className="qm-fieldset">
      <legend className="qm-field-label">Training Split</legend>
      <Flex alignItems="end" gap="size-200" wrap>
        <Flex direction="column" flex="1 1 240px" minWidth={0}>
          <Slider
            label="Evaluation share"
            // Steps of 5 from 0 (5, 10, … 50), as the spec's slider; a value below the minimum is
            // clamped to it when committed (splitFromEvaluation), so 0 becomes 1 %.
            minValue={0}
            maxValue={bounds.max}
            step={bounds.step}
            value={shown}
            isDisabled={isDisabled}
            onChange={setDragging}
            onChangeEnd={(v) => {
              setDragging(undefined)
              commitEvaluation(v)
            }}
            width="100%"
            getValueLabel={(v) => `${v}%`}
          />
          <Flex justifyContent="space-between">
            <Text UNSAFE_className="qm-small">Min {bounds.min}%</Text>
            <Text UNSAFE_className="qm-small">Max {bounds.max}%</Text>
          </Flex>
        </Flex>
        <DigitsField
          label="Sample (%)"
          value={100 - shown}
          decimals
          debounceMs={DEBOUNCE_MS.percentInput}
          isDisabled={isDisabled}
          width="size-1600"
          onCommit={(text) => {
            if (text === '') return
            onChange(percentToRatio(splitFromSample(Number(text), OPTIONS).evaluation))
          }}
        />
        <DigitsField
          label="Evaluation (%)"
          value={shown}
          decimals
          debounceMs={DEBOUNCE_MS.percentInput}
          isDisabled={isDisabled}
          width="size-1600"
          onCommit={(text) => commitEvaluation(text === '' ? Number.NaN : Number(text))}
        />
        <ActionButton
          isDisabled={isDisabled}
          onPress={() => onChange(percentToRatio(defaultTrainingSplit(OPTIONS).evaluation))}
          UNSAFE_className="qm-hit"
        >
          Default
        </ActionButton>
      </Flex>
    </fieldset>
  )
}
