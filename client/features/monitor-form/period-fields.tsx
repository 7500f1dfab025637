/**
 * FLT-01..03: Period Start and End, each Time, Duration (minutes, stored in ms) or Records, with the
 * plant time zone note. Times are picked as the plant's wall-clock time and stored as UTC through
 * shared/time/plant-time.ts (Temporal), never the browser's zone; future times are not offered and
 * Now fills in the current instant.
 */
import { ActionButton, Flex, Item, Picker, Text } from '@adobe/react-spectrum'
import { useId } from 'react'
import { DEBOUNCE_MS } from '../../../shared/constants'
import type { PeriodInputMode } from '../../../shared/query/period'
import { compatibleInputModes } from '../../../shared/query/period'
import { parseNonNegativeInteger } from '../../../shared/query/correction'
import { systemClock } from '../../../shared/time/clock'
import {
  msToMinutes,
  minutesToMs,
  nowUtc,
  plantNow,
  plantToUtc,
  timeZoneNote,
  utcToPlant,
} from '../../../shared/time/plant-time'
import { DigitsField } from './digits-field'
import type { PeriodValues } from './form-state'

const MODE_LABELS: Readonly<Record<PeriodInputMode, string>> = {
  TIME: 'Time',
  DURATION: 'Duration',
  RECORDS: 'Records',
}

interface PeriodFieldsProps {
  readonly period: PeriodValues
  readonly records: number
  readonly timeZone: string
  readonly isDisabled: boolean
  readonly errorAt: (field: string) => string | undefined
  onModeChange(side: 'start' | 'end', mode: PeriodInputMode): void
  onChange(patch: Partial<PeriodValues>): void
  onRecords(records: number | null): void
}

export function PeriodFields(props: PeriodFieldsProps) {
  return (
    <fieldset className="qm-fieldset">
      <legend className="qm-field-label">Period</legend>
      <Flex gap="size-300" wrap>
        <PeriodSide side="start" {...props} />
        <PeriodSide side="end" {...props} />
      </Flex>
      <Text UNSAFE_className="qm-plant-time-zone">{timeZoneNote(props.timeZone)}</Text>
    </fieldset>
  )
}

function PeriodSide({
  side,
  period,
  records,
  timeZone,
  isDisabled,
  errorAt,
  onModeChange,
  onChange,
  onRecords,
}: PeriodFieldsProps & { side: 'start' | 'end' }) {
  const title = side === 'start' ? 'Start' : 'End'
  const mode = side === 'start' ? period.start_mode : period.end_mode
  const other = side === 'start' ? period.end_mode : period.start_mode
  const time = side === 'start' ? period.start_time : period.end_time
  const duration = side === 'start' ? period.start_duration : period.end_duration
  // Every mode is listed; picking one the other side cannot pair with moves the other side to Time.
  const modes = (['TIME', 'DURATION', 'RECORDS'] as const).map((m) => ({
    id: m,
    label: MODE_LABELS[m],
    pairs: compatibleInputModes(other).includes(m),
  }))
  return (
    <Flex direction="column" gap="size-100" minWidth={0} flex="1 1 280px">
      <Picker
        label={`Period ${title}`}
        items={modes}
        selectedKey={mode}
        isDisabled={isDisabled}
        onSelectionChange={(key) => key !== null && onModeChange(side, key as PeriodInputMode)}
        width="100%"
      >
        {(m) => <Item key={m.id}>{m.label}</Item>}
      </Picker>
      {mode === 'TIME' && (
        <PlantTimeInput
          label={`${title} time`}
          value={time}
          timeZone={timeZone}
          isDisabled={isDisabled}
          error={errorAt(`${side}_time`)}
          onChange={(utc) => onChange(side === 'start' ? { start_time: utc } : { end_time: utc })}
        />
      )}
      {mode === 'DURATION' && (
        <DigitsField
          label={`${title} duration (minutes)`}
          value={duration === null ? null : Math.round(msToMinutes(duration))}
          debounceMs={DEBOUNCE_MS.periodInput}
          isDisabled={isDisabled}
          errorMessage={errorAt(`${side}_duration`)}
          onCommit={(text) => {
            const minutes = parseNonNegativeInteger(text)
            const ms = minutes === undefined ? null : minutesToMs(minutes)
            onChange(side === 'start' ? { start_duration: ms } : { end_duration: ms })
          }}
        />
      )}
      {mode === 'RECORDS' && (
        <DigitsField
          label={`${title} records`}
          value={records}
          debounceMs={DEBOUNCE_MS.periodInput}
          isDisabled={isDisabled}
          description="Also the monitor's sample size"
          onCommit={(text) => onRecords(parseNonNegativeInteger(text) ?? null)}
        />
      )}
    </Flex>
  )
}

/** A wall-clock picker in the plant's zone; the browser's own zone plays no part. */
function PlantTimeInput({
  label,
  value,
  timeZone,
  isDisabled,
  error,
  onChange,
}: {
  label: string
  value: string | null
  timeZone: string
  isDisabled: boolean
  error: string | undefined
  onChange(utc: string | null): void
}) {
  const id = useId()
  const wall = toWall(value, timeZone)
  const max = plantNow(timeZone, systemClock).toString({ smallestUnit: 'minute' })
  return (
    <div className="qm-time-field">
      <label htmlFor={id} className="qm-field-label">
        {label}
      </label>
      <Flex gap="size-100" alignItems="center">
        <input
          id={id}
          type="datetime-local"
          className="qm-native-input"
          value={wall}
          max={max}
          disabled={isDisabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            const text = e.currentTarget.value
            if (text === '') return onChange(null)
            try {
              onChange(plantToUtc(text, timeZone))
            } catch {
              onChange(null)
            }
          }}
        />
        <ActionButton
          isDisabled={isDisabled}
          onPress={() => onChange(nowUtc(systemClock))}
          aria-label={`${label}: Now`}
          UNSAFE_className="qm-hit"
        >
          Now
        </ActionButton>
      </Flex>
      {error && (
        <Text id={`${id}-error`} UNSAFE_className="qm-field-error">
          {error}
        </Text>
      )}
    </div>
  )
}

const toWall = (utc: string | null, timeZone: string): string => {
  if (!utc) return ''
  try {
    return utcToPlant(utc, timeZone).toPlainDateTime().toString({ smallestUnit: 'minute' })
  } catch {
    return ''
  }
}
