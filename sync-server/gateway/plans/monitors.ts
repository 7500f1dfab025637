import { Schema } from 'effect'
import type {
  CreateMonitorArgs,
  DeleteMonitorArgs,
  SaveAlertRulesArgs,
  SetCapAlertArgs,
  SetMonitorActiveArgs,
  UpdateMonitorArgs,
  UpdateMonitorSwitchesArgs,
} from '../../../shared/intents/monitors'
import type { Monitor } from '../../../shared/schema/monitor'
import { MonitorFromTask } from '../../../shared/schema/monitor-task'
import { sameMonitorSettings } from '../../../shared/validation/monitor-duplicate'
import type { AuthorityRequest } from '../authority-client'
import { decode } from '../authority-reads'
import { goneAnswered, idIn, monitorAnswered, rulesAnswered } from '../answers'
import { NO_CALLS, NOT_DONE, type Plan, type PlanBuilder, type PlanInput, type Step } from '../plan'
import type { Snapshot } from '../replica'
import { unitsTouched } from '../touched'
import { UPSTREAM } from '../upstream-paths'

/**
 * Monitors (shared/intents/monitors.ts). A monitor saved with its rules is two calls: the task, then
 * its rules with the task's id (the authority mints a new monitor's id). The rules refused → the
 * first call is taken back (the new monitor deleted, an edited one put back as it was) and the
 * action is rejected. The switches, the delete and the rules alone are one call each.
 */
const toTask = Schema.encodeSync(MonitorFromTask)

export const createMonitor: PlanBuilder<CreateMonitorArgs> = (input) => {
  const deviceId = input.args.monitor.monitor_uuid
  const monitor = input.run.docs.get('monitors', deviceId)
  if (!monitor) return NO_CALLS // the same create again: nothing changed on the replica
  const { task_uuid: _minted, ...task } = toTask(monitor)
  const create: Step = {
    name: 'create-task',
    creates: true,
    request: () => ({ method: 'POST', path: UPSTREAM.createTask, body: task }),
    expects: monitorAnswered,
    // A create whose answer was lost: the line's monitors of its type hold it if it arrived (no two
    // monitors may share these settings, so the one found is this one).
    probe: async (read) => {
      const tasks = await read({ method: 'GET', path: UPSTREAM.tasks(lineOf(monitor), monitor.monitor_type) })
      const found = decode(Schema.Array(MonitorFromTask), tasks ?? [], 'list of monitors').find(
        (m) => m.monitor_name === monitor.monitor_name && sameMonitorSettings(m, monitor),
      )
      return found ? toTask(found) : NOT_DONE
    },
    undo: (created) => [deleteCall(idIn(created))],
  }
  const rules = input.args.rules
  const steps = rules ? [create, saveRules((results) => idIn(results[0]), rules)] : [create]
  return {
    steps,
    refresh: (results) => {
      const id = idIn(results[0])
      const known = [monitorAnswered(results[0]), ...(rules ? [rulesAnswered(id, results[1])] : [])]
      return { known, read: touchedBesides(input, known, [deviceId]) }
    },
    replaced: (results) => {
      const id = idIn(results[0])
      return id === deviceId ? [] : [{ collection: 'monitors', from: deviceId, to: id }]
    },
  }
}

export const updateMonitor: PlanBuilder<UpdateMonitorArgs> = (input) => {
  const id = input.args.monitor.monitor_uuid
  const next = input.run.docs.get('monitors', id)!
  const before = input.run.docs.before('monitors', id)!
  const update: Step = {
    name: 'update-task',
    request: () => ({ method: 'PUT', path: UPSTREAM.updateTask, body: toTask(next) }),
    expects: monitorAnswered,
    // Refused rules put the monitor back as it was before the action.
    undo: () => [{ method: 'PUT', path: UPSTREAM.updateTask, body: toTask(before) }],
  }
  const rules = input.args.rules
  return {
    steps: rules ? [update, saveRules(() => id, rules)] : [update],
    refresh: (results) => {
      const known = [monitorAnswered(results[0]), ...(rules ? [rulesAnswered(id, results[1])] : [])]
      return { known, read: touchedBesides(input, known) }
    },
  }
}

export const setMonitorActive: PlanBuilder<SetMonitorActiveArgs> = (input) =>
  patchSwitches(input, input.args.monitorId, { active: input.args.active })

export const updateMonitorSwitches: PlanBuilder<UpdateMonitorSwitchesArgs> = (input) => {
  const { monitorId, ...switches } = input.args
  return patchSwitches(input, monitorId, switches)
}

export const deleteMonitor: PlanBuilder<DeleteMonitorArgs> = (input) => {
  const id = input.args.monitorId
  return {
    steps: [
      {
        name: 'delete-task',
        request: () => deleteCall(id),
        // Gone from the authority: the delete arrived (or someone else's did, the same outcome).
        probe: async (read) =>
          (await read({ method: 'POST', path: UPSTREAM.getMonitorById, body: { taskId: id } })) === undefined
            ? null
            : NOT_DONE,
      },
    ],
    refresh: () => {
      const known = [
        goneAnswered([
          ['monitors', id],
          ['monitorRules', id],
        ]),
      ]
      return { known, read: touchedBesides(input, known) }
    },
  }
}

export const saveAlertRules: PlanBuilder<SaveAlertRulesArgs> = (input) => {
  const id = input.args.monitorId
  return {
    steps: [saveRules(() => id, input.args.rules)],
    refresh: ([answer]) => ({ known: [rulesAnswered(id, answer)], read: [] }),
  }
}

/**
 * CAPA-02: the Cap Alerts toggle. The CAP service's POST /api/monitors creates the signal's cap
 * monitor (or starts the one it has) and answers its uuid; a monitor the signal has is switched with
 * PATCH /api/monitors/{uuid}. Off for a signal without one changes nothing.
 */
export const setCapAlert: PlanBuilder<SetCapAlertArgs> = (input) => {
  const { signalId, newMonitorId, active } = input.args
  const created = input.run.changes.find(
    (c) => c.collection === 'monitors' && c.id === newMonitorId && c.kind === 'put' && c.created,
  )
  if (!created) {
    const switched = input.run.changes.find((c) => c.collection === 'monitors')
    return switched ? patchSwitches(input, switched.id, { active }) : NO_CALLS
  }
  const lineId = input.run.docs.get('signals', signalId)?.lineId ?? ''
  return {
    steps: [
      {
        name: 'create-cap-monitor',
        creates: true,
        request: () => ({ method: 'POST', path: UPSTREAM.capMonitors, body: { signalId } }),
        expects: idIn,
        probe: async (read) => {
          const tasks = await read({ method: 'GET', path: UPSTREAM.tasks(lineId, 'cap') })
          const found = decode(Schema.Array(MonitorFromTask), tasks ?? [], 'list of monitors').find(
            (m) => m.monitor_filter.signal_uuids.includes(signalId) && m.active,
          )
          return found ? { uuid: found.monitor_uuid } : NOT_DONE
        },
      },
    ],
    refresh: (results) => ({
      known: [],
      read: [{ kind: 'monitor', monitorId: idIn(results[0]) }, ...touchedBesides(input, [], [newMonitorId])],
    }),
    replaced: (results) => {
      const id = idIn(results[0])
      return id === newMonitorId ? [] : [{ collection: 'monitors', from: newMonitorId, to: id }]
    },
  }
}

/** PATCH /api/monitors/{uuid}: the active flag and the exclusion switches; the answer is the task. */
function patchSwitches(input: PlanInput<unknown>, monitorId: string, body: object): Plan {
  return {
    steps: [
      {
        name: 'patch-monitor',
        request: () => ({ method: 'PATCH', path: UPSTREAM.capMonitor(monitorId), body }),
        expects: monitorAnswered,
      },
    ],
    refresh: ([answer]) => {
      const known = [monitorAnswered(answer)]
      return { known, read: touchedBesides(input, known) }
    },
  }
}

function saveRules(monitorId: (results: ReadonlyArray<unknown>) => string, rules: unknown): Step {
  return {
    name: 'save-rules',
    request: (results) => ({ method: 'PATCH', path: UPSTREAM.monitorRules(monitorId(results)), body: rules }),
    expects: (body) => rulesAnswered('', body),
  }
}

const deleteCall = (monitorId: string): AuthorityRequest => ({
  method: 'DELETE',
  path: UPSTREAM.deleteTask,
  body: { monitor_uuid: monitorId },
})

const lineOf = (monitor: Monitor) => monitor.monitor_filter.line_uuid

/** What the action touched beyond the answers, leaving out ids only the device ever held. */
function touchedBesides(input: PlanInput<unknown>, known: ReadonlyArray<Snapshot>, deviceIds: string[] = []) {
  const changes = input.run.changes.filter((c) => !deviceIds.includes(c.id))
  return unitsTouched(changes, input.run.docs, known)
}
