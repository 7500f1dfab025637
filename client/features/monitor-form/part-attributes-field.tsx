/**
 * FLT-09: part attributes — each an attribute of the line (a PART_ATTRIBUTE signal) and the values to
 * keep. 'Selection is required' for an attribute without a name or values; 'Some part attributes
 * were not found in collection' when a chosen attribute is no longer on the line.
 */
import { useState } from 'react'
import { ActionButton, Button, Flex, Item, Picker, Text, TextField } from '@adobe/react-spectrum'
import type { PartAttribute } from '../../../shared/schema/monitor-filter'
import type { FieldErrors } from '../../../shared/validation/field-error'
import { messageAt } from '../../../shared/validation/field-error'
import { TagList } from '../../components/tag-list'

interface Props {
  readonly attributes: ReadonlyArray<PartAttribute>
  readonly options: ReadonlyArray<{ id: string; label: string }>
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
  options: ReadonlyArray<{ id: string; label: string }>
  isDisabled: boolean
  nameError: string | undefined
  valuesError: string | undefined
  onChange(next: PartAttribute): void
  onRemove(): void
}) {
  const [entry, setEntry] = useState('')
  const label = `Part attribute ${index + 1}`
  const add = () => {
    const v = entry.trim()
    if (v === '' || attribute.selectedAttributeValues.includes(v)) return
    onChange({ ...attribute, selectedAttributeValues: [...attribute.selectedAttributeValues, v] })
    setEntry('')
  }
  const known = options.some((o) => o.id === attribute.attributeUuid)
  const items =
    known || attribute.attributeUuid === ''
      ? options
      : [...options, { id: attribute.attributeUuid, label: attribute.attributeUuid }]
  return (
    <div className="qm-attribute-row">
      <Flex gap="size-200" wrap alignItems="end">
        <Picker
          label={label}
          items={items}
          selectedKey={attribute.attributeUuid || null}
          isDisabled={isDisabled}
          onSelectionChange={(key) => key !== null && onChange({ ...attribute, attributeUuid: String(key) })}
          {...(nameError ? { errorMessage: nameError, validationState: 'invalid' as const } : {})}
          width="size-3000"
          maxWidth="100%"
        >
          {(o) => <Item key={o.id}>{o.label}</Item>}
        </Picker>
        <TextField
          label={`${label} value`}
          value={entry}
          onChange={setEntry}
          isDisabled={isDisabled}
          onKeyDown={(e) => {
            if (e.key === 'Enter') add()
            else e.continuePropagation()
          }}
          width="size-2400"
          maxWidth="100%"
        />
        <Button variant="secondary" onPress={add} isDisabled={isDisabled || entry.trim() === ''}>
          Add value
        </Button>
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
      <TagList
        label={`${label} values`}
        items={attribute.selectedAttributeValues.map((v) => ({ key: v, label: v }))}
        onRemove={(keys) =>
          onChange({
            ...attribute,
            selectedAttributeValues: attribute.selectedAttributeValues.filter((v) => !keys.has(v)),
          })
        }
      />
      {valuesError && <Text UNSAFE_className="qm-field-error">{valuesError}</Text>}
    </div>
  )
}
