import { Badge, Flex, Text } from '@adobe/react-spectrum'
import { useEffect, useState } from 'react'
import { PlantDateTime } from '../../components/plant-date-time'
import type { Line } from '../../../shared/schema/line'
import { systemClock } from '../../../shared/time/clock'
import { isIngestionOverdue } from '../../../shared/time/plant-time'
import { Messages } from '../../../shared/validation/messages'

/** The Last Data cell of a line that never sent data (our wording; the CSV export writes it too). */
export const NO_DATA_RECEIVED = 'No data received'

/** Re-renders every `ms`, so a line turns overdue while the screen stays open without new data. */
export function useTick(ms: number): number {
  const [tick, setTick] = useState(0)
  useEffect(() => {
    const id = window.setInterval(() => setTick((t) => t + 1), ms)
    return () => window.clearInterval(id)
  }, [ms])
  return tick
}

export const isLineOverdue = (line: Pick<Line, 'lastIngestedTime' | 'ingestionThresholdHours'>): boolean =>
  isIngestionOverdue(line.lastIngestedTime, line.ingestionThresholdHours, systemClock)

/** LINE-07: when the line last sent data, flagged 'No Ingestion' once the threshold has passed. */
export function LastDataCell({ line }: { line: Pick<Line, 'lastIngestedTime' | 'ingestionThresholdHours'> }) {
  const overdue = isLineOverdue(line)
  return (
    <Flex alignItems="center" gap="size-100" wrap>
      {line.lastIngestedTime ? (
        <PlantDateTime utc={line.lastIngestedTime} />
      ) : (
        <Text>{NO_DATA_RECEIVED}</Text>
      )}
      {overdue && <Badge variant="negative">{Messages.lines.noIngestion}</Badge>}
    </Flex>
  )
}
