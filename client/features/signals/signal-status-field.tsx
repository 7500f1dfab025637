import { Radio, RadioGroup, Text } from '@adobe/react-spectrum'
import { Messages } from '../../../shared/validation/messages'
import type { LocalDoc } from '../../db/collections'
import { signalStatus } from './signal-summary'
import { useAction } from '../../hooks/use-action'
import { GENERIC_FAILURE } from './generic-failure'

/** SM-05: On / Off for the selection; Mixed shows when they differ and cannot be chosen. */
export function SignalStatusField({ selected }: { selected: ReadonlyArray<LocalDoc<'signals'>> }) {
  const act = useAction()
  const status = signalStatus(selected)
  return (
    <div>
      <RadioGroup
        label="Signal Status"
        orientation="horizontal"
        value={status}
        onChange={(value) => {
          if (value === 'mixed' || value === status) return
          void act(
            'setSignalStatus',
            { signalIds: selected.map((s) => s.id), active: value === 'on' },
            { failed: GENERIC_FAILURE },
          )
        }}
      >
        <Radio value="on" UNSAFE_className="qm-hit">
          On
        </Radio>
        <Radio value="off" UNSAFE_className="qm-hit">
          Off
        </Radio>
        <Radio
          value="mixed"
          isDisabled
          aria-description={Messages.signals.mixedStatusCannotBeSet}
          UNSAFE_className="qm-hit"
        >
          Mixed
        </Radio>
      </RadioGroup>
      {status === 'mixed' && (
        <Text UNSAFE_className="qm-sm-hint">{Messages.signals.mixedStatusCannotBeSet}</Text>
      )}
    </div>
  )
}
