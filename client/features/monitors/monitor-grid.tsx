import { useMemo } from 'react'
import { ActionButton, Button, Flex, Switch, Text } from '@adobe/react-spectrum'
import Delete from '@spectrum-icons/workflow/Delete'
import Edit from '@spectrum-icons/workflow/Edit'
import { DataGrid, type DataGridColumn } from '../../components/data-grid'
import { PendingMark } from '../../components/pending-mark'
import type { LocalDoc } from '../../db/collections'
import type { AdminMonitorType } from './monitor-labels'
import { ADMIN_PAGE_LABELS } from './monitor-labels'

type MonitorDoc = LocalDoc<'monitors'>

interface MonitorGridProps {
  readonly type: AdminMonitorType
  readonly monitors: ReadonlyArray<MonitorDoc>
  readonly loading: boolean
  /** Used in the CSV file name so exports of different lines do not overwrite each other. */
  readonly lineName: string
  onToggle(monitor: MonitorDoc, active: boolean): void
  onEdit(monitor: MonitorDoc): void
  /** MON-01: the row's name opens the monitor in VIEW. */
  onView(monitor: MonitorDoc): void
  onDelete(monitor: MonitorDoc): void
  /** The empty state offers Create too. */
  onCreate(): void
}

/** MADM-01: Active (toggle), Monitor name, edit button, delete. */
export function MonitorGrid({
  type,
  monitors,
  loading,
  lineName,
  onToggle,
  onEdit,
  onView,
  onDelete,
  onCreate,
}: MonitorGridProps) {
  const labels = ADMIN_PAGE_LABELS[type]
  const columns = useMemo<ReadonlyArray<DataGridColumn<MonitorDoc>>>(
    () => [
      {
        id: 'active',
        header: 'Active',
        width: 110,
        sortValue: (m: MonitorDoc) => (m.active ? 1 : 0),
        csv: (m: MonitorDoc) => (m.active ? 'Active' : 'Inactive'),
        cell: (m: MonitorDoc) => (
          <Switch
            isEmphasized
            isSelected={m.active}
            onChange={(active) => onToggle(m, active)}
            aria-label={`Active: ${m.monitor_name}`}
          />
        ),
      },
      {
        id: 'name',
        header: 'Monitor name',
        sortValue: (m: MonitorDoc) => m.monitor_name.toLocaleLowerCase(),
        csv: (m: MonitorDoc) => m.monitor_name,
        cell: (m: MonitorDoc) => (
          <Flex alignItems="center" gap="size-100">
            <ActionButton
              isQuiet
              onPress={() => onView(m)}
              aria-label={`View ${m.monitor_name}`}
              UNSAFE_className="qm-hit qm-row-name"
            >
              {m.monitor_name}
            </ActionButton>
            <PendingMark pending={m.pendingSince !== undefined} saving={m.saving === true} />
          </Flex>
        ),
      },
      {
        id: 'edit',
        header: 'Edit',
        width: 100,
        cell: (m: MonitorDoc) => (
          <ActionButton
            isQuiet
            onPress={() => onEdit(m)}
            aria-label={`Edit ${m.monitor_name}`}
            UNSAFE_className="qm-hit"
          >
            <Edit />
          </ActionButton>
        ),
      },
      {
        id: 'delete',
        header: 'Delete',
        width: 100,
        sticky: 'end',
        cell: (m: MonitorDoc) => (
          <ActionButton
            isQuiet
            onPress={() => onDelete(m)}
            aria-label={`Delete ${m.monitor_name}`}
            UNSAFE_className="qm-hit"
          >
            <Delete />
          </ActionButton>
        ),
      },
    ],
    [onToggle, onEdit, onView, onDelete],
  )
  return (
    <DataGrid<MonitorDoc>
      ariaLabel={labels.title}
      rows={monitors}
      columns={columns}
      getRowId={(m) => m.monitor_uuid}
      emptyText={
        <Flex alignItems="center" gap="size-200" wrap>
          <Text>{labels.emptyText}</Text>
          <Button variant="secondary" onPress={onCreate}>
            Create a monitor
          </Button>
        </Flex>
      }
      loading={loading}
      csvName={`${labels.title} ${lineName}`}
    />
  )
}
