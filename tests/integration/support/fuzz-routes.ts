import { Schema } from 'effect'
import { COLLECTIONS } from '../../../shared/sync/collections'
import { PullRequest, ReplicatedDocument } from '../../../shared/sync/protocol'
import { AssociatedResultClassificationsRequest } from '../../../shared/schema/associated-result-classifications'
import { AlertViewingWindowUpdate, LinePatch } from '../../../shared/schema/line'
import { MonitorRules } from '../../../shared/schema/alert-rule'
import {
  CapMonitorCreateInput,
  CapMonitorPatch,
  DeleteTaskInput,
  GetMonitorByIdInput,
  SignalGroupsRequest,
} from '../../../shared/schema/monitor-requests'
import { RelianceConfigInput } from '../../../shared/schema/reliance-config'
import {
  ResultClassificationsPatch,
  SignalAttributeUpdate,
  SignalSingleSideUpdate,
} from '../../../shared/schema/signal'
import { SignalLimitsUpdate } from '../../../shared/schema/signal-limit'
import { StationPatch } from '../../../shared/schema/station'
import { Task, TaskInput } from '../../../shared/schema/task'
import { TeamsWebhookInput } from '../../../shared/schema/teams-webhook'
import {
  AddUserInput,
  SignInInput,
  UpdateUserRoleInput,
  UserLocationConfig,
} from '../../../shared/schema/user'
import { CheckUsersRolesInput, DeleteUserInput } from '../../../shared/schema/user-admin'
import { IntentPushRequest } from '../../../shared/sync/intent-protocol'

/**
 * Every route the fuzz test (hardening-fuzz.test.ts) drives, as data: method, path with `:params`,
 * and the shared schema of its body (bodies are sampled from it, then mutated). Adding a route is
 * one entry, e.g. `{ method: 'POST', path: '/sync/intents', body: ChangeSet }`.
 * Not here: GET /sync/stream (a stream that stays open) — its subscribe path is the pull's.
 */
export interface FuzzRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  readonly path: string
  readonly body?: Schema.Top
  /** Query parameters the route reads (values are fuzzed). */
  readonly query?: ReadonlyArray<string>
  /** The replication push of `:collection`: bodies are also mutations of real pulled documents. */
  readonly push?: boolean
}

/**
 * The document push of protocol 0 (RxDB's push rows), retired for change sets of actions: the route
 * still exists only to answer 426, so the fuzzer keeps sending it what an old device would.
 */
const LegacyPushRequest = Schema.Array(
  Schema.Struct({
    assumedMasterState: Schema.NullOr(ReplicatedDocument),
    newDocumentState: ReplicatedDocument,
  }),
)

export const FUZZ_ROUTES: ReadonlyArray<FuzzRoute> = [
  { method: 'POST', path: '/api/session', body: SignInInput },
  { method: 'GET', path: '/api/session' },
  { method: 'DELETE', path: '/api/session' },
  { method: 'GET', path: '/api/check-current-user-roles' },
  { method: 'POST', path: '/api/monitors', body: CapMonitorCreateInput },
  { method: 'PATCH', path: '/api/monitors/:monitorId', body: CapMonitorPatch },
  { method: 'GET', path: '/api/customer-users-for-user' },
  { method: 'POST', path: '/api/add-user', body: AddUserInput, query: ['customerId'] },
  { method: 'POST', path: '/api/administration/customers/:customerId/user', body: AddUserInput },
  { method: 'PATCH', path: '/api/users/:userId', body: UserLocationConfig },
  { method: 'POST', path: '/api/users', body: DeleteUserInput },
  { method: 'POST', path: '/api/update-user-roles', body: UpdateUserRoleInput },
  { method: 'PUT', path: '/api/update-user-roles', body: UpdateUserRoleInput },
  { method: 'POST', path: '/api/check-users-roles', body: CheckUsersRolesInput },
  { method: 'GET', path: '/api/plants/:plantId/ingestor' },
  { method: 'GET', path: '/api/plants/:plantId/data-sources' },
  { method: 'DELETE', path: '/api/data-sources/:id' },
  { method: 'GET', path: '/api/plants/:plantId/lines' },
  { method: 'GET', path: '/api/lines/:lineId' },
  { method: 'PATCH', path: '/api/lines/:lineId', body: LinePatch },
  { method: 'GET', path: '/api/lines/:lineId/stations' },
  { method: 'GET', path: '/api/notifications/monitor-rules/:monitorId' },
  { method: 'PATCH', path: '/api/notifications/monitor-rules/:monitorId', body: MonitorRules },
  { method: 'POST', path: '/api/tasks/create-task', body: TaskInput },
  { method: 'PUT', path: '/api/tasks/update-task', body: Task },
  { method: 'POST', path: '/api/tasks/get-monitor-by-id', body: GetMonitorByIdInput },
  { method: 'DELETE', path: '/api/tasks/delete-task', body: DeleteTaskInput },
  { method: 'GET', path: '/api/tasks', query: ['lineId', 'type'] },
  { method: 'PATCH', path: '/api/stations/:id', body: StationPatch },
  { method: 'PATCH', path: '/api/signal-attribute-update', body: SignalAttributeUpdate },
  { method: 'PATCH', path: '/api/signals', body: SignalSingleSideUpdate },
  { method: 'PATCH', path: '/api/signal/result-classifications', body: ResultClassificationsPatch },
  { method: 'GET', path: '/api/notifications/notifications/plants/:plantId/alert-viewing-window' },
  {
    method: 'PUT',
    path: '/api/notifications/notifications/lines/:lineId/alert-viewing-window',
    body: AlertViewingWindowUpdate,
  },
  {
    method: 'POST',
    path: '/api/signal/associated-result-classifications',
    body: AssociatedResultClassificationsRequest,
  },
  { method: 'GET', path: '/api/line-config/spc-signal-limits', query: ['line-id'] },
  { method: 'PUT', path: '/api/line-config/spc-signal-limits', body: SignalLimitsUpdate, query: ['line-id'] },
  { method: 'GET', path: '/api/notifications/teams-webhooks/plants/:plantId' },
  {
    method: 'PUT',
    path: '/api/notifications/teams-webhooks/plants/:plantId/lines/:lineId',
    body: TeamsWebhookInput,
  },
  { method: 'DELETE', path: '/api/notifications/teams-webhooks/:id' },
  { method: 'GET', path: '/api/reliance-configuration/plants/:plantId' },
  { method: 'POST', path: '/api/reliance-configuration/lines/:lineId', body: RelianceConfigInput },
  { method: 'DELETE', path: '/api/reliance-configuration/lines/:lineId' },
  { method: 'POST', path: '/api/signal-groups', body: SignalGroupsRequest },
  { method: 'GET', path: '/api/plant/get-active-monitor-count', query: ['plantId'] },
  ...COLLECTIONS.flatMap((collection): ReadonlyArray<FuzzRoute> => [
    { method: 'POST', path: `/sync/${collection}/pull`, body: PullRequest },
    { method: 'POST', path: `/sync/${collection}/push`, body: LegacyPushRequest, push: true },
  ]),
  { method: 'POST', path: '/sync/:collection/push', body: LegacyPushRequest },
  { method: 'POST', path: '/sync/intents', body: IntentPushRequest },
]
