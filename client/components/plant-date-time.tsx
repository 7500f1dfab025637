import { formatPlantDateTime, parseUtc } from '../../shared/time/plant-time'
import { usePlant } from '../db/react/data-context'

/** What PlantDateTime shows, as text (the CSV export writes exactly this): '—' for no time. */
export function plantDateTimeText(utc: string | null | undefined, timeZone: string): string {
  if (!utc || parseUtc(utc) === undefined) return '—'
  return `${formatPlantDateTime(utc, timeZone)} ${timeZone}`
}

/**
 * A stored UTC time shown in the plant's time zone, naming the zone (SHELL-09). Never the device's
 * zone: until the plant is known the time is shown in UTC and says so.
 */
export function PlantDateTime({ utc }: { utc: string | null | undefined }) {
  const { plant } = usePlant()
  if (!utc || parseUtc(utc) === undefined) return <span className="qm-plant-time">—</span>
  const timeZone = plant?.timeZone ?? 'UTC'
  return (
    <time
      dateTime={utc}
      className="qm-plant-time"
      title={`${formatPlantDateTime(utc, timeZone, { withOffset: true })} (${timeZone})`}
    >
      {formatPlantDateTime(utc, timeZone)} <span className="qm-plant-time-zone">{timeZone}</span>
    </time>
  )
}

/** The plant's time zone, UTC until the plant is known (as PlantDateTime shows it). */
export function usePlantTimeZone(): string {
  return usePlant().plant?.timeZone ?? 'UTC'
}
