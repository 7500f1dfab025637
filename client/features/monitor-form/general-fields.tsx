/**
 * MON-01/04: the form's always-visible part — name with Default, Frequency (minutes, digits only,
 * 900 ms debounce, clamped on blur, empty → minimum) and the Breach Threshold toggle. Notes live
 * under the tabs (general-notes below) as the spec lays the form out.
 */
import { Button, Flex, Radio, RadioGroup, TextArea, TextField } from '@adobe/react-spectrum'
import { ALERT_THRESHOLDS, DEBOUNCE_MS, NOTES_MAX_LENGTH, NOTES_ROWS } from '../../../shared/constants'
import type { AlertThreshold } from '../../../shared/schema/monitor-filter'
import type { FieldErrors } from '../../../shared/validation/field-error'
import { messageAt } from '../../../shared/validation/field-error'
import { Messages } from '../../../shared/validation/messages'
import { THRESHOLD_LABELS } from '../monitors/monitor-labels'
import { DigitsField } from './digits-field'
import { commitFrequency, withFilter, type MonitorFormValues } from './form-state'

const M = Messages.monitor

interface GeneralFieldsProps {
  readonly values: MonitorFormValues
  readonly errors: FieldErrors
  readonly showErrors: boolean
  readonly isDisabled: boolean
  readonly defaultName: string
  onChange(values: MonitorFormValues): void
}

export function GeneralFields({
  values,
  errors,
  showErrors,
  isDisabled,
  defaultName,
  onChange,
}: GeneralFieldsProps) {
  const m = values.monitor
  const nameError = showErrors ? messageAt(errors, 'monitor_name') : undefined
  return (
    <Flex direction="column" gap="size-150" minWidth={0}>
      <Flex gap="size-150" alignItems="end" wrap>
        <TextField
          label={M.nameLabel}
          value={m.monitor_name}
          isRequired
          necessityIndicator="icon"
          isDisabled={isDisabled}
          onChange={(monitor_name) => onChange({ ...values, monitor: { ...m, monitor_name } })}
          {...(nameError ? { errorMessage: nameError, validationState: 'invalid' as const } : {})}
          flex="1 1 260px"
          minWidth={0}
          autoFocus
        />
        <Button
          variant="secondary"
          isDisabled={isDisabled}
          onPress={() => onChange({ ...values, monitor: { ...m, monitor_name: defaultName } })}
          aria-label={`Default name: ${defaultName}`}
        >
          Default
        </Button>
      </Flex>
      <Flex gap="size-300" alignItems="start" wrap>
        <DigitsField
          label="Frequency (minutes)"
          value={m.frequency}
          debounceMs={DEBOUNCE_MS.frequency}
          isDisabled={isDisabled}
          errorMessage={showErrors ? messageAt(errors, 'frequency') : undefined}
          onCommit={(text) => onChange(commitFrequency(values, text))}
        />
        <RadioGroup
          label="Breach Threshold"
          orientation="horizontal"
          value={m.monitor_filter.alert_threshold}
          isDisabled={isDisabled}
          onChange={(v) => onChange(withFilter(values, { alert_threshold: v as AlertThreshold }))}
          UNSAFE_className="qm-threshold"
        >
          {ALERT_THRESHOLDS.map((t) => (
            <Radio key={t} value={t}>
              {THRESHOLD_LABELS[t]}
            </Radio>
          ))}
        </RadioGroup>
      </Flex>
    </Flex>
  )
}

/** MON-01: Notes, five lines, with the limit said before it is reached. */
export function NotesField({
  values,
  errors,
  isDisabled,
  onChange,
}: Omit<GeneralFieldsProps, 'defaultName' | 'showErrors'>) {
  const error = messageAt(errors, 'notes')
  return (
    <TextArea
      label={M.notesLabel}
      value={values.monitor.notes}
      isDisabled={isDisabled}
      width="100%"
      height={`calc(${NOTES_ROWS} * 1.5em + 24px)`}
      description={M.notesMaxLength(NOTES_MAX_LENGTH)}
      onChange={(notes) => onChange({ ...values, monitor: { ...values.monitor, notes } })}
      {...(error ? { errorMessage: error, validationState: 'invalid' as const } : {})}
    />
  )
}
