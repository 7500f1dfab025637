import { Button, Flex, TextField } from '@adobe/react-spectrum'
import { useState } from 'react'
import { TagList } from '../../components/tag-list'

interface TagListFieldProps {
  readonly label: string
  readonly values: ReadonlyArray<string>
  readonly onChange: (values: ReadonlyArray<string>) => void
  /** Name of one entry, for the input's label and the Add button, e.g. 'part id'. */
  readonly entryName: string
}

/**
 * LINE-05 excluded part ids / model numbers: a list of removable tags and an input that adds one
 * (Enter or Add). Entries are trimmed; blanks and repeats are ignored, because the list is a set.
 */
export function TagListField({ label, values, onChange, entryName }: TagListFieldProps) {
  const [draft, setDraft] = useState('')
  const entry = draft.trim()
  const isDuplicate = values.includes(entry)

  const add = () => {
    if (entry === '' || isDuplicate) return
    onChange([...values, entry])
    setDraft('')
  }

  return (
    <Flex direction="column" gap="size-100">
      <TagList
        label={label}
        items={values.map((value) => ({ key: value, label: value }))}
        onRemove={(keys) => onChange(values.filter((v) => !keys.has(v)))}
      />
      <Flex gap="size-100" alignItems="end">
        <TextField
          label={`Add ${entryName}`}
          value={draft}
          onChange={setDraft}
          width="size-3600"
          onKeyDown={(e) => {
            if (e.key === 'Enter') add()
            else e.continuePropagation()
          }}
          description={isDuplicate ? `${entry} is already in the list` : undefined}
        />
        <Button variant="secondary" onPress={add} isDisabled={entry === '' || isDuplicate}>
          Add
        </Button>
      </Flex>
    </Flex>
  )
}
