import { useCallback, useMemo, useRef, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Button, Flex, Heading, Text } from '@adobe/react-spectrum'
import { LineSelector, lineLabel, useSelectedLine } from '../../components/line-selector'
import type { LocalDoc } from '../../db/collections'
import { useDoc, useDocs } from '../../db/react/hooks'
import { MonitorFormDrawer } from '../monitor-form/monitor-form-drawer'
import type { FormTarget } from '../monitor-form/use-monitor-form'
import { useEditRequest } from '../monitor-form/edit-request'
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

  // The drawer keeps showing its monitor while it slides out, so the target outlives `open`.
  const [form, setForm] = useState<{ target: FormTarget; open: boolean; session: number }>()
  const gridRegion = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()
  const open = useCallback(
    (target: FormTarget) => setForm((f) => ({ target, open: true, session: (f?.session ?? 0) + 1 })),
    [],
  )
  // A duplicate refused by the server (Sync issues, the announcer): 'Edit existing monitor' lands here.
  useEditRequest(type, open)

  const onToggle = useCallback((m: MonitorDoc, active: boolean) => void setActive(m, active), [setActive])
  const onEdit = useCallback((m: MonitorDoc) => open({ mode: 'EDIT', monitorId: m.monitor_uuid }), [open])
  const onView = useCallback((m: MonitorDoc) => open({ mode: 'VIEW', monitorId: m.monitor_uuid }), [open])
  const onCreate = useCallback(() => open({ mode: 'CREATE' }), [open])
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
      <Flex alignItems="end" justifyContent="space-between" gap="size-200" wrap>
        <Flex direction="column" gap="size-200" minWidth={0}>
          <Heading level={2} margin={0}>
            {labels.title}
          </Heading>
          <LineSelector value={lineId} onChange={setLineId} />
        </Flex>
        <Button variant="accent" onPress={onCreate} isDisabled={lineId === undefined}>
          Create
        </Button>
      </Flex>
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
            onView={onView}
            onDelete={onDelete}
            onCreate={onCreate}
          />
        </div>
      )}
      <MonitorFormDrawer
        type={type}
        target={form?.target}
        isOpen={form?.open ?? false}
        session={form?.session ?? 0}
        lineId={lineId}
        onClose={() => setForm((f) => (f ? { ...f, open: false } : f))}
        onOpen={open}
        onConfigureSignals={() =>
          void navigate({ to: '/settings', search: { section: 'SIGNAL_MANAGEMENT' } })
        }
      />
    </Flex>
  )
}
