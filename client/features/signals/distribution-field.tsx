import { Item, Picker } from '@adobe/react-spectrum'
import type { SingleSide } from '../../../shared/schema/signal'
import { Messages } from '../../../shared/validation/messages'
import type { LocalDoc } from '../../db/collections'
import { commonValue } from './signal-summary'
import { useAction } from '../../hooks/use-action'

const M = Messages.signals
const OPTIONS = [
  { id: 'TWO', label: 'Two sided' },
  { id: 'LOWER', label: 'Single sided: LOWER' },
  { id: 'UPPER', label: 'Single sided: UPPER' },
] as const

/** SM-08: Distribution of measurements (single sided LOWER / UPPER, or two sided). */
export function DistributionField({
  selected,
  isDisabled,
}: {
  selected: ReadonlyArray<LocalDoc<'signals'>>
  isDisabled: boolean
}) {
  const act = useAction()
  const current = commonValue(selected, (s) => s.singleSide ?? 'TWO')
  return (
    <Picker
      label="Distribution"
      items={OPTIONS}
      selectedKey={current ?? null}
      placeholder="Mixed"
      isDisabled={isDisabled}
      width="size-3600"
      maxWidth="100%"
      onSelectionChange={(key) => {
        if (key === null || key === current) return
        const singleSide = key === 'TWO' ? null : (key as SingleSide)
        void act(
          'setSignalDistribution',
          { signals: selected.map((s) => ({ signalId: s.id, singleSide })) },
          { saved: M.distributionSaved, failed: M.distributionError },
        )
      }}
    >
      {(o) => <Item key={o.id}>{o.label}</Item>}
    </Picker>
  )
}
