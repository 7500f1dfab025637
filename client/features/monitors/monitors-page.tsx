import { useCallback, useMemo, useRef, useState } from 'react'
import { Flex, Heading, Text } from '@adobe/react-spectrum'
import { LineSelector, lineLabel, useSelectedLine } from '../../components/line-selector'
import type { LocalDoc } from '../../db/collections'
import { useDoc, useDocs } from '../../db/hooks'
import { MonitorDetailsDrawer } from './monitor-details-drawer'
import { MonitorGrid } from './monitor-grid'
import { ADMIN_PAGE_LABELS, type AdminMonitorType } from './monitor-labels'
import { useMonitorActions } from './use-monitor-actions'

type MonitorDoc = LocalDoc<'monitors'>

const byName = (a: MonitorDoc, b: MonitorDoc) =>
  a.monitor_name.localeCompare(b.monitor_name) || a.monitor_uuid.localeCompare(b.monitor_uuid)

/**
 * The SVD / MVD monitor admin page (MADM-01..04): one implementation, parameterized by type.
 * Monitors are few per plant, so all are read once and narrowed to the line and type in memory.
 */
export function MonitorsPage({ type }: { type: AdminMonitorType }) {
  const labels = ADMIN_PAGE_LABELS[type]
  const [lineId, setLineId] = useSelectedLine()
  const { data: all, loading } = useDocs('monitors')
  const { data: line } = useDoc('lines', lineId)
  const monitors = useMemo(
    () => all.filter((m) => m.monitor_type === type && m.monitor_filter.line_uuid === lineId).sort(byName),
    [all, type, lineId],
  )
  const { setActive, confirmDelete } = useMonitorActions()

  // The drawer keeps showing its monitor while it slides out, so the id outlives `open`.
  const [viewing, setViewing] = useState<{ id: string; open: boolean }>()
  const gridRegion = useRef<HTMLDivElement>(null)

  const onToggle = useCallback((m: MonitorDoc, active: boolean) => void setActive(m, active), [setActive])
  const onEdit = useCallback((m: MonitorDoc) => setViewing({ id: m.monitor_uuid, open: true }), [])
  const onDelete = useCallback(
    (m: MonitorDoc) =>
      void confirmDelete(m).then((deleted) => {
        // The row and its Delete button are gone: put focus somewhere meaningful, not on <body>.
        if (deleted) requestAnimationFrame(() => gridRegion.current?.focus())
      }),
    [confirmDelete],
  )

  return (
    <Flex direction="column" gap="size-200" minWidth={0}>
      <Heading level={2} margin={0}>
        {labels.title}
      </Heading>
      <LineSelector value={lineId} onChange={setLineId} />
      {lineId === undefined ? (
        <Text>Choose a line to see its monitors.</Text>
      ) : (
        <div
          ref={gridRegion}
          role="region"
          aria-label={labels.title}
          tabIndex={-1}
          style={{ outline: 'none' }}
        >
          <MonitorGrid
            type={type}
            monitors={monitors}
            loading={loading}
            lineName={line ? lineLabel(line) : lineId}
            onToggle={onToggle}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </div>
      )}
      <MonitorDetailsDrawer
        type={type}
        monitorId={viewing?.id}
        isOpen={viewing?.open ?? false}
        onClose={() => setViewing((v) => (v ? { ...v, open: false } : v))}
      />
    </Flex>
  )
}
