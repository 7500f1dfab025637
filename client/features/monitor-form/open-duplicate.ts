/**
 * MON-07 from a kept rejection (OFF-04): which existing monitor a refused monitor save collided with,
 * and opening it in EDIT on its admin page — the same 'Edit existing monitor' as the form's own.
 */
import type { useNavigate } from '@tanstack/react-router'
import type { SyncIssue } from '../../db/storage/device-db'
import type { AdminMonitorType } from '../monitors/monitor-labels'
import { requestMonitorEdit } from './edit-request'
import { duplicateOf } from './duplicate-of'

export interface DuplicateTarget {
  readonly type: AdminMonitorType
  readonly monitorId: string
}

const SECTIONS = { svd: 'SVD_ANOMALY_MONITORS', mvd: 'MVD_ANOMALY_MONITORS' } as const

/** The existing monitor of a duplicate refusal of an SVD or MVD save; undefined for anything else. */
export function duplicateTarget(issue: SyncIssue): DuplicateTarget | undefined {
  const monitorId = duplicateOf(issue.rejection)
  const args = issue.action.args as { monitor?: { monitor_type?: unknown } } | undefined
  const type = args?.monitor?.monitor_type
  if (monitorId === undefined || (type !== 'svd' && type !== 'mvd')) return undefined
  return { type, monitorId }
}

export function openDuplicate(target: DuplicateTarget, navigate: ReturnType<typeof useNavigate>): void {
  requestMonitorEdit(target.type, target.monitorId)
  void navigate({ to: '/settings', search: { section: SECTIONS[target.type] } })
}
