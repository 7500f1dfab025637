import { Item, Picker } from '@adobe/react-spectrum'
import { QUALITY_CHARACTERISTICS } from '../../../shared/constants'
import type { QualityCharacteristic } from '../../../shared/schema/signal'
import type { LocalDoc } from '../../db/collections'
import { commonValue } from './signal-summary'
import { useAction } from '../../hooks/use-action'
import { GENERIC_FAILURE } from './generic-failure'

const OPTIONS = QUALITY_CHARACTERISTICS.map((q) => ({ id: q, label: q }))

/** SM-09: Quality Characteristic (None, Critical, Significant, High impact) of the selection. */
export function QualityCharacteristicField({
  selected,
  isDisabled,
}: {
  selected: ReadonlyArray<LocalDoc<'signals'>>
  isDisabled: boolean
}) {
  const act = useAction()
  const current = commonValue(selected, (s) => s.qualityCharacteristic)
  return (
    <Picker
      label="Quality Characteristic"
      items={OPTIONS}
      selectedKey={current ?? null}
      placeholder="Mixed"
      isDisabled={isDisabled}
      width="size-3600"
      maxWidth="100%"
      onSelectionChange={(key) => {
        if (key === null || key === current) return
        void act(
          'setQualityCharacteristic',
          { signalIds: selected.map((s) => s.id), qualityCharacteristic: key as QualityCharacteristic },
          { failed: GENERIC_FAILURE },
        )
      }}
    >
      {(o) => <Item key={o.id}>{o.label}</Item>}
    </Picker>
  )
}
