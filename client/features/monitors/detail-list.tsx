import type { ReactNode } from 'react'
import { Heading, View } from '@adobe/react-spectrum'

export interface DetailItem {
  readonly label: string
  readonly value: ReactNode
}

/** A titled group of read-only label/value pairs (a description list, so readers pair them). */
export function DetailSection({
  title,
  items,
  children,
}: {
  title: string
  items?: ReadonlyArray<DetailItem>
  children?: ReactNode
}) {
  return (
    <View marginBottom="size-300">
      <Heading level={3} margin={0} marginBottom="size-100">
        {title}
      </Heading>
      {items && items.length > 0 && (
        <dl style={LIST_STYLE}>
          {items.map((item) => (
            <div key={item.label} style={{ display: 'contents' }}>
              <dt style={LABEL_STYLE}>{item.label}</dt>
              <dd style={VALUE_STYLE}>{item.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </View>
  )
}

const LIST_STYLE = {
  display: 'grid',
  gridTemplateColumns: 'minmax(160px, max-content) 1fr',
  columnGap: 24,
  rowGap: 8,
  margin: 0,
} as const
const LABEL_STYLE = { color: 'var(--spectrum-global-color-gray-700)', fontSize: 13 } as const
const VALUE_STYLE = { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const
