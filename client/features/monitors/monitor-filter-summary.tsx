import { ratioToPercent, samplePercent } from '../../../shared/validation/training-split'
import type { LocalDoc } from '../../db/collections'
import { usePlant } from '../../db/data-context'
import { DetailSection, type DetailItem } from './detail-list'
import { PASS_FAIL_LABELS, listOrNone, type NameLookup } from './monitor-labels'

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

/** The Data Filters part of a monitor, read-only: what data it trains and evaluates on. */
export function MonitorFilterSummary({
  monitor,
  signalNames,
}: {
  monitor: LocalDoc<'monitors'>
  signalNames: NameLookup
}) {
  const { plant } = usePlant()
  const filter = monitor.monitor_filter
  // The split is stored as a ratio; the form shows it in percent, Sample + Evaluation = 100.
  const evaluation = ratioToPercent(filter.evaluation_ratio)
  const attributes = filter.part_attributes.map(
    (a) => `${signalNames.get(a.attributeUuid) ?? a.attributeUuid}: ${listOrNone(a.selectedAttributeValues)}`,
  )
  const items: ReadonlyArray<DetailItem> = [
    { label: 'Result', value: PASS_FAIL_LABELS[filter.pass_fail_filter] },
    { label: 'Training split', value: `Sample ${samplePercent(evaluation)}% · Evaluation ${evaluation}%` },
    { label: 'Sample size', value: String(filter.sample_size) },
    { label: 'Model numbers', value: listOrNone(filter.part_numbers) },
    ...(filter.part_groups.length > 0
      ? [{ label: 'Part groups', value: listOrNone(filter.part_groups) }]
      : []),
    { label: 'Part attributes', value: attributes.length > 0 ? attributes.join('\n') : 'None' },
    // The exclusion switches exist only where the exclude-parts flag is on (settings §2, Cap Alerts).
    ...(plant?.featureFlags.excludeParts
      ? [
          { label: 'Exclude challenge parts', value: yesNo(monitor.use_excluded_part_ids) },
          { label: 'Exclude model numbers', value: yesNo(monitor.use_excluded_model_numbers) },
        ]
      : []),
  ]
  return <DetailSection title="Data Filters" items={items} />
}
