import { Button, Flex, LabeledValue, TextField } from '@adobe/react-spectrum'
import { TagList } from '../../components/tag-list'
import type { LocalDoc } from '../../db/collections'
import type { FieldErrors } from '../../../shared/validation/field-error'
import { messageAt } from '../../../shared/validation/field-error'
import type { LineFormValues } from '../../../shared/validation/line-rules'
import { invalidWhen } from '../../components/field-state'
import { Messages } from '../../../shared/validation/messages'
import { feederLabels } from './line-label'
import { TagListField } from './tag-list-field'

const L = Messages.lines

interface ConfigureLineFieldsProps {
  readonly line: LocalDoc<'lines'>
  readonly lines: ReadonlyArray<LocalDoc<'lines'>>
  readonly values: LineFormValues
  readonly errors: FieldErrors
  readonly onChange: (changes: Partial<LineFormValues>) => void
  readonly onEditFeeders: () => void
  /** Feeder lines belong to part marriage; exclusions to the exclude-parts flag. */
  readonly showFeeders: boolean
  readonly showExclusions: boolean
}

/** LINE-05: the line editor's inputs, each with the shared rule's message under it. */
export function ConfigureLineFields(props: ConfigureLineFieldsProps) {
  const { line, lines, values, errors, onChange, onEditFeeders, showFeeders, showExclusions } = props
  const error = (field: keyof LineFormValues) => messageAt(errors, field)
  const numeric = (field: 'ingestionThresholdHours' | 'alertViewingWindowDays', label: string) => (
    <TextField
      label={label}
      isRequired
      inputMode="numeric"
      width="size-2400"
      value={values[field]}
      onChange={(text) => onChange({ [field]: text })}
      {...invalidWhen(error(field) !== undefined)}
      errorMessage={error(field)}
    />
  )
  const feeders = feederLabels(values.feederLineIds, lines).map((label, i) => ({
    key: values.feederLineIds[i] ?? label,
    label,
  }))

  return (
    <Flex direction="column" gap="size-300">
      <LabeledValue label="Line" value={line.displayName || line.name} />
      <TextField
        label={L.friendlyNameLabel}
        value={values.friendlyName}
        onChange={(friendlyName) => onChange({ friendlyName })}
        {...invalidWhen(error('friendlyName') !== undefined)}
        errorMessage={error('friendlyName')}
        description="Letters, numbers and spaces; shown instead of the line's name."
        width="100%"
      />
      <Flex gap="size-300" wrap>
        {numeric('ingestionThresholdHours', L.noDataAlertLabel)}
        {numeric('alertViewingWindowDays', L.alertDisplayedLabel)}
      </Flex>
      {showFeeders && (
        <Flex direction="column" gap="size-100" alignItems="start">
          <TagList
            label="Feeder Lines"
            items={feeders}
            emptyText="No feeder lines"
            onRemove={(keys) =>
              onChange({ feederLineIds: values.feederLineIds.filter((id) => !keys.has(id)) })
            }
          />
          <Button variant="secondary" onPress={onEditFeeders}>
            Edit Feeder Lines
          </Button>
        </Flex>
      )}
      {showExclusions && (
        <>
          <TagListField
            label="Excluded Part IDs"
            entryName="part id"
            values={values.excludedPartIds}
            onChange={(excludedPartIds) => onChange({ excludedPartIds })}
          />
          <TagListField
            label="Excluded Model Numbers"
            entryName="model number"
            values={values.excludedModelNumbers}
            onChange={(excludedModelNumbers) => onChange({ excludedModelNumbers })}
          />
        </>
      )}
    </Flex>
  )
}
