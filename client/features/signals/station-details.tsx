import { Flex, Heading, Switch, Text } from '@adobe/react-spectrum'
import { canBeFinal } from '../../../shared/validation/signal-rules'
import { Messages } from '../../../shared/validation/messages'
import { PendingMark } from '../../components/pending-mark'
import type { LocalDoc } from '../../db/collections'
import { useAction } from '../../hooks/use-action'

const M = Messages.signals

/**
 * SM-03, SM-04: a station's details. The Final Station switch works only when the station holds a
 * result signal or is already final (so it can be switched off); otherwise it says why.
 */
export function StationDetails({
  station,
  signals,
}: {
  station: LocalDoc<'stations'>
  signals: ReadonlyArray<LocalDoc<'signals'>>
}) {
  const act = useAction()
  const allowed = canBeFinal(station, signals)
  return (
    <Flex direction="column" gap="size-200">
      <section aria-labelledby="qm-sm-station-details">
        <Heading level={3} id="qm-sm-station-details" margin={0}>
          Station Details
        </Heading>
        <dl className="qm-sm-fields">
          <dt>Name</dt>
          <dd>
            {station.name}
            <PendingMark pending={station.pendingSince !== undefined} saving={station.saving === true} />
          </dd>
        </dl>
      </section>
      <section aria-labelledby="qm-sm-station-labeling">
        <Heading level={3} id="qm-sm-station-labeling" margin={0}>
          Labeling
        </Heading>
        <Switch
          isSelected={station.final}
          isDisabled={!allowed}
          onChange={(final) =>
            void act(
              'setStationFinal',
              { stationId: station.id, final },
              { failed: M.failedToUpdateStation, refused: M.failedToUpdateStation },
            )
          }
          UNSAFE_className="qm-hit"
        >
          Final Station
        </Switch>
        {!allowed && (
          <Text UNSAFE_className="qm-sm-hint" data-testid="final-station-hint">
            {M.finalStationRequiresResult}
          </Text>
        )}
      </section>
    </Flex>
  )
}
