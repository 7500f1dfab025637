/**
 * FLT-09: part attributes — each an attribute of the line (a PART_ATTRIBUTE signal) and the values to
 * keep, chosen from the values the line's data holds for it (MON-01: nothing can be changed in VIEW). 'Selection is required' for an attribute without a name or values; 'Some part attributes
 * were not found in collection' when a chosen attribute is no longer on the line.
 */
import { ActionButton, Checkbox, CheckboxGroup, Flex, Item, Picker, Text } from '@adobe/react-spectrum'
import type { PartAttribute } from '../../../shared/schema/monitor-filter'
import type { FieldErrors } from '../../../shared/validation/field-error'
import { messageAt } from '../../../shared/validation/field-error'

/** A PART_ATTRIBUTE signal of the line and the values its data holds. */
export interface AttributeOption {
  readonly id: string
  readonly label: string
  readonly values: ReadonlyArray<string>
}

interface Props {
  readonly attributes: ReadonlyArray<PartAttribute>
  readonly options: ReadonlyArray<AttributeOption>
  readonly isDisabled: boolean
  readonly errors: FieldErrors
  onChange(attributes: ReadonlyArray<PartAttribute>): void
}

export function PartAttributesField({ attributes, options, isDisabled, errors, onChange }: Props) {
  const replace = (i: number, next: PartAttribute) => onChange(attributes.map((a, j) => (j === i ? next : a)))
  const notFound = messageAt(errors, 'part_attributes')
  return (
    <fieldset className="qm-fieldset">
      <legend className="qm-field-label">Part attributes</legend>
      {attributes.length === 0 && <Text>None</Text>}
      {attributes.map((a, i) => (
        <AttributeRow
          key={i}
          index={i}
          attribute={a}
          options={options}
          isDisabled={isDisabled}
          nameError={messageAt(errors, 'part_attributes', i, 'attributeUuid')}
          valuesError={messageAt(errors, 'part_attributes', i, 'selectedAttributeValues')}
          onChange={(next) => replace(i, next)}
          onRemove={() => onChange(attributes.filter((_, j) => j !== i))}
        />
      ))}
      {notFound && <Text UNSAFE_className="qm-field-error">{notFound}</Text>}
      <ActionButton
        isDisabled={isDisabled || options.length === 0}
        onPress={() => onChange([...attributes, { attributeUuid: '', selectedAttributeValues: [] }])}
        UNSAFE_className="qm-hit"
      >
        Add part attribute
      </ActionButton>
      {options.length === 0 && <Text UNSAFE_className="qm-small">This line has no part attributes.</Text>}
    </fieldset>
  )
}

function AttributeRow({
  index,
  attribute,
  options,
  isDisabled,
  nameError,
  valuesError,
  onChange,
  onRemove,
}: {
  index: number
  attribute: PartAttribute
  options: ReadonlyArray<AttributeOption>
  isDisabled: boolean
  nameError: string | undefined
  valuesError: string | undefined
  onChange(next: PartAttribute): void
  onRemove(): void
}) {
  const label = `Part attribute ${index + 1}`
  const option = options.find((o) => o.id === attribute.attributeUuid)
  const items =
    option || attribute.attributeUuid === ''
      ? options
      : [...options, { id: attribute.attributeUuid, label: attribute.attributeUuid, values: [] }]
  // The attribute's known values, and any chosen value its data no longer holds (so it can be unticked).
  const values = [...new Set([...(option?.values ?? []), ...attribute.selectedAttributeValues])]
  return (
    <div className="qm-attribute-row">
      <Flex gap="size-200" wrap alignItems="end">
        <Picker
          label={label}
          items={items}
          selectedKey={attribute.attributeUuid || null}
          isDisabled={isDisabled}
          // Another attribute's values mean nothing for this one.
          onSelectionChange={(key) =>
            key !== null &&
            String(key) !== attribute.attributeUuid &&
            onChange({ attributeUuid: String(key), selectedAttributeValues: [] })
          }
          {...(nameError ? { errorMessage: nameError, validationState: 'invalid' as const } : {})}
          width="size-3000"
          maxWidth="100%"
        >
          {(o) => <Item key={o.id}>{o.label}</Item>}
        </Picker>
        <ActionButton
          isQuiet
          isDisabled={isDisabled}
          onPress={onRemove}
          aria-label={`Remove ${label}`}
          UNSAFE_className="qm-hit"
        >
          ✕
        </ActionButton>
      </Flex>
      {attribute.attributeUuid !== '' &&
        (values.length === 0 ? (
          <Text UNSAFE_className="qm-small">No values are known for this attribute yet.</Text>
        ) : (
          <CheckboxGroup
            label={`${label} values`}
            orientation="horizontal"
            value={[...attribute.selectedAttributeValues]}
            isDisabled={isDisabled}
            onChange={(selected) =>
              // Kept in the order the values are offered, so the stored list does not follow click order.
              onChange({ ...attribute, selectedAttributeValues: values.filter((v) => selected.includes(v)) })
            }
          >
            {values.map((v) => (
              <Checkbox key={v} value={v}>
                {v}
              </Checkbox>
            ))}
          </CheckboxGroup>
        ))}
      {valuesError && <Text UNSAFE_className="qm-field-error">{valuesError}</Text>}
    </div>
  )
}
