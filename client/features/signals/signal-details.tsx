import {
  ActionButton,
  Button,
  Content,
  Dialog,
  DialogTrigger,
  Flex,
  Heading,
  Text,
} from '@adobe/react-spectrum'
import type { FeatureFlags } from '../../../shared/schema/plant'
import { associationsView, classificationViewEligibility } from '../../../shared/validation/signal-rules'
import { Messages } from '../../../shared/validation/messages'
import type { LocalDoc } from '../../db/collections'
import { DistributionField } from './distribution-field'
import { EntityTypeField } from './entity-type-field'
import { QualityCharacteristicField } from './quality-characteristic-field'
import { SignalNameField } from './signal-name-field'
import { SignalStatusField } from './signal-status-field'
import { linksOf } from './signal-summary'
import { ENTITY_TYPE_LABELS, signalLabel } from './signal-tree'

type SignalDoc = LocalDoc<'signals'>
const M = Messages.signals

export interface SignalDetailsProps {
  readonly selected: ReadonlyArray<SignalDoc>
  readonly lineSignals: ReadonlyArray<SignalDoc>
  readonly flags: FeatureFlags
  readonly onClear: () => void
  readonly onEditAssociations: () => void
  readonly viewingClassifications: boolean
  readonly onViewClassifications: (viewing: boolean) => void
  readonly onEditClassifications: () => void
}

/**
 * SM-05..SM-09: the details of the selected signals. When they are Off, everything below the status
 * is dimmed and disabled.
 */
export function SignalDetails(props: SignalDetailsProps) {
  const { selected, lineSignals, flags } = props
  const off = selected.every((s) => !s.isSignalActive)
  const only = selected.length === 1 ? selected[0] : undefined
  const measurements = selected.every((s) => s.entityType === 'MEASUREMENT')
  return (
    <Flex direction="column" gap="size-200">
      <SignalStatusField selected={selected} />
      <div className="qm-sm-details" data-dimmed={off} aria-disabled={off || undefined}>
        {only && <SignalNameField signal={only} isDisabled={off} />}
        <EntityTypeField selected={selected} lineSignals={lineSignals} flags={flags} isDisabled={off} />
        {flags.singleSidedLimits && measurements && (
          <DistributionField selected={selected} isDisabled={off} />
        )}
        <section aria-labelledby="qm-sm-labeling" className="qm-sm-section">
          <Heading level={3} id="qm-sm-labeling" margin={0}>
            Labeling
          </Heading>
          <QualityCharacteristicField selected={selected} isDisabled={off} />
          <AssociationsSummary {...props} isDisabled={off} />
          <ClassificationsSummary {...props} isDisabled={off} />
        </section>
      </div>
      <Flex gap="size-100" wrap>
        <SelectionSummary selected={selected} />
        <Button variant="secondary" onPress={props.onClear}>
          Clear selection
        </Button>
      </Flex>
    </Flex>
  )
}

function AssociationsSummary({
  selected,
  lineSignals,
  onEditAssociations,
  isDisabled,
}: SignalDetailsProps & { isDisabled: boolean }) {
  const view = associationsView(selected, lineSignals)
  const byId = new Map(lineSignals.map((s) => [s.id, s]))
  const name = (id: string) => {
    const s = byId.get(id)
    return s ? signalLabel(s) : id
  }
  const only = selected[0]
  const lines: string[] = []
  if (view.ok && only) {
    for (const l of linksOf(only)) {
      lines.push(
        `${l.role === 'upperLimit' ? 'Upper limit' : l.role === 'lowerLimit' ? 'Lower limit' : 'Result'}: ${name(l.to)}`,
      )
    }
    const from = lineSignals.filter((s) => linksOf(s).some((l) => l.to === only.id)).map(signalLabel)
    if (from.length > 0) lines.push(`Associated with: ${from.join(', ')}`)
  }
  return (
    <div className="qm-sm-labeled" data-testid="associations-summary">
      <span className="qm-sm-label">Associations</span>
      {view.ok ? (
        <ul className="qm-sm-summary-list">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      ) : (
        <Text>{view.message}</Text>
      )}
      <ActionButton isDisabled={isDisabled} onPress={onEditAssociations} UNSAFE_className="qm-hit">
        Edit Associations
      </ActionButton>
    </div>
  )
}

function ClassificationsSummary({
  selected,
  lineSignals,
  viewingClassifications,
  onViewClassifications,
  onEditClassifications,
  isDisabled,
}: SignalDetailsProps & { isDisabled: boolean }) {
  const eligibility = classificationViewEligibility(selected, lineSignals)
  return (
    <div className="qm-sm-labeled" data-testid="classifications-summary">
      <span className="qm-sm-label">Result Classifications</span>
      {!eligibility.ok ? (
        <Text>{eligibility.message}</Text>
      ) : (
        <>
          <Flex gap="size-100" wrap>
            <ActionButton
              isDisabled={isDisabled}
              UNSAFE_className="qm-hit"
              onPress={() => onViewClassifications(!viewingClassifications)}
              aria-pressed={viewingClassifications}
            >
              {viewingClassifications ? 'Hide Result Classifications' : 'View Result Classifications'}
            </ActionButton>
            <ActionButton isDisabled={isDisabled} UNSAFE_className="qm-hit" onPress={onEditClassifications}>
              {Messages.classifications.drawerTitle}
            </ActionButton>
          </Flex>
          {viewingClassifications && (
            <table className="qm-sm-table" aria-label="Result Classifications">
              <thead>
                <tr>
                  {selected.length > 1 && <th>Signal</th>}
                  <th>Value</th>
                  <th>Result</th>
                  <th>Failure mode</th>
                </tr>
              </thead>
              <tbody>
                {selected.flatMap((s) =>
                  s.resultClassifications.map((c) => (
                    <tr key={`${s.id}-${c.value}`}>
                      {selected.length > 1 && <td>{signalLabel(s)}</td>}
                      <td>{c.value}</td>
                      <td>{c.result}</td>
                      <td>{c.failureMode ?? ''}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  )
}

function SelectionSummary({ selected }: { selected: ReadonlyArray<SignalDoc> }) {
  return (
    <DialogTrigger isDismissable>
      <Button variant="secondary">{M.selectionSummary(selected.length)}</Button>
      <Dialog>
        <Heading>Selection summary</Heading>
        <Content>
          <ul className="qm-sm-summary-list" aria-label="Selected signals">
            {selected.map((s) => (
              <li key={s.id}>
                {signalLabel(s)} — {s.stationName}, {ENTITY_TYPE_LABELS[s.entityType]}
                {s.isSignalActive ? '' : ', Off'}
              </li>
            ))}
          </ul>
        </Content>
      </Dialog>
    </DialogTrigger>
  )
}
