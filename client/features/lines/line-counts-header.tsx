import { Flex, Text, View } from '@adobe/react-spectrum'
import type { Line } from '../../../shared/schema/line'

/** LINE-01 without part marriage: how many lines are active, inactive and in all. */
export function LineCountsHeader({ lines }: { lines: ReadonlyArray<Pick<Line, 'active'>> }) {
  const active = lines.filter((l) => l.active).length
  const counts = [
    { label: 'Active', value: active },
    { label: 'Inactive', value: lines.length - active },
    { label: 'Total', value: lines.length },
  ]
  return (
    <div role="group" aria-label="Line counts">
      <Flex gap="size-300" marginBottom="size-200">
        {counts.map(({ label, value }) => (
          <View
            key={label}
            borderWidth="thin"
            borderColor="gray-300"
            borderRadius="medium"
            paddingX="size-200"
            paddingY="size-100"
            minWidth="size-1200"
          >
            <Flex direction="column">
              <Text UNSAFE_style={{ fontSize: 12, color: 'var(--spectrum-global-color-gray-700)' }}>
                {label}
              </Text>
              <Text
                UNSAFE_style={{ fontSize: 22, fontWeight: 700 }}
                data-testid={`line-count-${label.toLowerCase()}`}
              >
                {value}
              </Text>
            </Flex>
          </View>
        ))}
      </Flex>
    </div>
  )
}
