/**
 * CAPA-01/04/05: the Cap Alerts table — Monitor toggle, Station, Signal, the exclude switches (only
 * with the exclude-parts flag), Alert Rules (Edit opens the Cap Alert Rules dialog) and the
 * 'No limits configured' warning. A signal without a cap monitor has its toggle off; its exclude
 * switches and rules wait for the monitor the toggle creates.
 */
import { useMemo } from 'react'
import { ActionButton, Flex, Switch, Text } from '@adobe/react-spectrum'
import Alert from '@spectrum-icons/workflow/Alert'
import Edit from '@spectrum-icons/workflow/Edit'
import { Messages } from '../../../shared/validation/messages'
import { DataGrid, type DataGridColumn } from '../../components/data-grid'
import { PendingMark } from '../../components/pending-mark'
import type { CapAlertRow } from './cap-alert-rows'
import type { ExcludeSwitch } from './use-cap-alert-actions'

const C = Messages.capAlerts

interface CapAlertsGridProps {
  readonly rows: ReadonlyArray<CapAlertRow>
  readonly emptyText: string
  readonly showExclusions: boolean
  /** Names the CSV file, so exports of different lines do not overwrite each other. */
  readonly lineName: string
  onToggle(row: CapAlertRow, active: boolean): void
  onExclude(row: CapAlertRow, which: ExcludeSwitch, value: boolean): void
  onEditRules(row: CapAlertRow): void
}

const onOff = (on: boolean): string => (on ? 'On' : 'Off')
const excluded = (r: CapAlertRow, id: ExcludeSwitch): boolean =>
  r.monitor?.[id === 'useExcludedPartIds' ? 'use_excluded_part_ids' : 'use_excluded_model_numbers'] === true

export function CapAlertsGrid(props: CapAlertsGridProps) {
  const { rows, emptyText, showExclusions, lineName, onToggle, onExclude, onEditRules } = props
  const columns = useMemo<ReadonlyArray<DataGridColumn<CapAlertRow>>>(() => {
    const exclude = (id: ExcludeSwitch, header: string): DataGridColumn<CapAlertRow> => ({
      id,
      header,
      width: 150,
      priority: 2,
      csv: (r) => onOff(excluded(r, id)),
      cell: (r) => {
        const on = excluded(r, id)
        return (
          <Switch
            isEmphasized
            UNSAFE_className="qm-hit"
            isSelected={on}
            isDisabled={r.monitor === undefined}
            onChange={(value) => onExclude(r, id, value)}
            aria-label={`${header}: ${r.signal}`}
          />
        )
      },
    })
    return [
      {
        id: 'monitor',
        header: 'Monitor',
        width: 110,
        sortValue: (r) => (r.monitor?.active ? 1 : 0),
        csv: (r) => onOff(r.monitor?.active === true),
        cell: (r) => (
          <Switch
            isEmphasized
            UNSAFE_className="qm-hit"
            isSelected={r.monitor?.active === true}
            onChange={(active) => onToggle(r, active)}
            aria-label={`Monitor: ${r.signal}`}
          />
        ),
      },
      {
        id: 'station',
        header: 'Station',
        priority: 2,
        sortValue: (r) => r.station,
        csv: (r) => r.station,
        cell: (r) => <Text UNSAFE_className="qm-cell-text">{r.station}</Text>,
      },
      {
        id: 'signal',
        header: 'Signal',
        sortValue: (r) => r.signal,
        // The warning beside the name goes with it, as the cell shows it.
        csv: (r) => (r.hasLimits ? r.signal : `${r.signal} ${C.noLimitsConfigured}`),
        cell: (r) => (
          <Flex alignItems="center" gap="size-100">
            <Text UNSAFE_className="qm-cell-text">{r.signal}</Text>
            {!r.hasLimits && (
              <span
                className="qm-cap-no-limits"
                role="img"
                aria-label={C.noLimitsConfigured}
                title={C.noLimitsConfigured}
              >
                <Alert size="S" aria-hidden="true" />
                <span className="qm-cap-no-limits-text">{C.noLimitsConfigured}</span>
              </span>
            )}
            <PendingMark
              pending={r.monitor?.pendingSince !== undefined}
              saving={r.monitor?.saving === true}
            />
          </Flex>
        ),
      },
      ...(showExclusions
        ? [
            exclude('useExcludedPartIds', 'Exclude Challenge Parts'),
            exclude('useExcludedModelNumbers', 'Exclude Model Numbers'),
          ]
        : []),
      {
        id: 'rules',
        header: 'Alert Rules',
        width: 130,
        sticky: 'end',
        cell: (r) => (
          <ActionButton
            onPress={() => onEditRules(r)}
            isDisabled={r.monitor === undefined}
            aria-label={`Edit alert rules: ${r.signal}`}
            UNSAFE_className="qm-hit"
          >
            <Edit />
            <Text>Edit</Text>
          </ActionButton>
        ),
      },
    ]
  }, [showExclusions, onToggle, onExclude, onEditRules])

  return (
    <DataGrid<CapAlertRow>
      ariaLabel="Cap Alerts"
      rows={rows}
      columns={columns}
      getRowId={(r) => r.signalId}
      emptyText={emptyText}
      csvName={`Cap Alerts ${lineName}`}
    />
  )
}
