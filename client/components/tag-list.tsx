import { Item, TagGroup, Text } from '@adobe/react-spectrum'
import { useId } from 'react'

export interface TagListItem {
  readonly key: string
  readonly label: string
}

/**
 * Removable chips (feeder lines, excluded part ids, …) with 44 px remove buttons. An empty list is
 * plain text under the label: Spectrum's empty TagGroup is a grid that takes a tab stop and does
 * nothing with it, so it is not rendered then.
 */
export function TagList({
  label,
  items,
  onRemove,
  emptyText = 'None',
}: {
  label: string
  items: ReadonlyArray<TagListItem>
  onRemove: (keys: ReadonlySet<string>) => void
  emptyText?: string
}) {
  const labelId = useId()
  if (items.length === 0) {
    return (
      <div role="group" aria-labelledby={labelId}>
        <span id={labelId} className="qm-field-label">
          {label}
        </span>
        <Text>{emptyText}</Text>
      </div>
    )
  }
  return (
    <TagGroup
      label={label}
      items={items}
      onRemove={(keys) => onRemove(new Set([...keys].map(String)))}
      UNSAFE_className="qm-tags"
    >
      {(item) => <Item key={item.key}>{item.label}</Item>}
    </TagGroup>
  )
}
