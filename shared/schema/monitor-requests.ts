import { Schema } from 'effect'
import { MonitorServerMessages as M } from '../validation/monitor-server-messages'
import { MonitorType } from './monitor'

/**
 * Bodies and answers of the monitor REST calls that are not a whole task (monitors §7 and the
 * ARCHITECTURE.md table). The task bodies themselves are `TaskInput` / `Task` (task.ts).
 */

/** A required id: absent and empty both answer '{label} is required'. */
const requiredId = (message: string) =>
  Schema.String.check(Schema.isMinLength(1, { message })).pipe(
    Schema.annotateKey({ messageMissingKey: message }),
  )

/** POST /api/tasks/get-monitor-by-id */
export const GetMonitorByIdInput = Schema.Struct({ taskId: requiredId(M.taskIdRequired) })
export type GetMonitorByIdInput = typeof GetMonitorByIdInput.Type

/** DELETE /api/tasks/delete-task */
export const DeleteTaskInput = Schema.Struct({ monitor_uuid: requiredId(M.monitorIdRequired) })
export type DeleteTaskInput = typeof DeleteTaskInput.Type

/** GET /api/tasks?lineId=…&type=svd|mvd|cap */
export const MonitorListQuery = Schema.Struct({
  lineId: requiredId(M.lineIdRequired),
  type: MonitorType.annotate({ message: M.unknownMonitorType }).pipe(
    Schema.annotateKey({ messageMissingKey: M.unknownMonitorType }),
  ),
})
export type MonitorListQuery = typeof MonitorListQuery.Type

/** POST /api/monitors (CAP service, CAPA-02): the signal whose cap monitor is switched on. */
export const CapMonitorCreateInput = Schema.Struct({ signalId: requiredId(M.signalIdRequired) })
export type CapMonitorCreateInput = typeof CapMonitorCreateInput.Type

/** The answer of POST /api/monitors: the cap monitor's uuid. */
export const CapMonitorCreated = Schema.Struct({ uuid: Schema.NonEmptyString })
export type CapMonitorCreated = typeof CapMonitorCreated.Type

/** PATCH /api/monitors/{monitor_uuid} (CAP mode): only the fields present change. */
export const CapMonitorPatch = Schema.Struct({
  active: Schema.optionalKey(Schema.Boolean),
  useExcludedModelNumbers: Schema.optionalKey(Schema.Boolean),
  useExcludedPartIds: Schema.optionalKey(Schema.Boolean),
})
export type CapMonitorPatch = typeof CapMonitorPatch.Type

/** POST /api/signal-groups */
export const SignalGroupsRequest = Schema.Struct({
  customerUuid: requiredId(M.customerIdRequired),
  plantUuid: requiredId(M.plantIdRequired),
  lineUuid: requiredId(M.lineIdRequired),
})
export type SignalGroupsRequest = typeof SignalGroupsRequest.Type

/** GET /api/plant/get-active-monitor-count?plantId= */
export const ActiveMonitorCountQuery = Schema.Struct({ plantId: requiredId(M.plantIdRequired) })
export type ActiveMonitorCountQuery = typeof ActiveMonitorCountQuery.Type

/** One row of its answer (LINE-08). */
export const ActiveMonitorCount = Schema.Struct({
  lineId: Schema.NonEmptyString,
  activeTaskCount: Schema.Int,
})
export type ActiveMonitorCount = typeof ActiveMonitorCount.Type
