import type { IntentArgs, IntentName } from '../../../shared/intents'
import type { IntentOutcome } from '../../../shared/sync/intent-protocol'
import type { Rejection } from '../../../shared/sync/protocol'
import type { SessionCode } from '../session/session-code-loader'
import type { DeviceDb, SessionUser, SyncIssue } from '../storage/device-db'
import type { LocalStore } from '../storage/local-store'
import type { LocalOutcome } from './local-intents'
import type { Outbox } from './outbox'
import type { PendingAction } from './pending-changes'

export interface ActionRunnerOptions {
  readonly device: DeviceDb
  readonly outbox: Outbox
  /** The open local store, if it is open (no extra turn then). */
  store(): LocalStore | undefined
  /** The local store once it is open (a screen drawn from the stored view acts before it is). */
  whenOpen(): Promise<LocalStore>
  user(): SessionUser | undefined
  code(): SessionCode
}

type Listener = (issue: SyncIssue) => void

/**
 * Runs the user's actions on the device (local-intents.ts) and keeps the ones the server refused or
 * answered with a conflict as sync issues (OFF-04, OFF-05): stored in the device database, announced to the
 * listeners (the snackbar and dialog the online flow would show), re-applied or discarded by the user.
 */
export class ActionRunner {
  private readonly listeners = new Set<Listener>()

  constructor(private readonly options: ActionRunnerOptions) {}

  /** Runs a user action here (see local-intents.ts); the outbox sends it when it shows. */
  async run<N extends IntentName>(name: N, args: IntentArgs<N>): Promise<LocalOutcome> {
    // No extra turn once the database is open: the action shows in the task of the user's input.
    const store = this.options.store() ?? (await this.options.whenOpen())
    const user = this.options.user()
    if (!user) throw new Error('The local database is not open')
    const { outbox } = this.options
    return this.options.code().runLocally(store, outbox, { ...user, userId: user.id }, name, args)
  }

  /** Whether this device would refuse the action now (null: it would apply); nothing is kept. */
  async check(name: IntentName, args: unknown): Promise<Rejection | null> {
    const store = await this.options.whenOpen()
    const user = this.options.user()
    if (!user) throw new Error('The local database is not open')
    const { outbox } = this.options
    return this.options.code().checkLocally(store, outbox, { ...user, userId: user.id }, name, args)
  }

  onIssue(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Runs the action again on the current data, as a new action (with the user's edited `args`). */
  async reapply(issue: SyncIssue, args: unknown = issue.action.args): Promise<LocalOutcome> {
    const outcome = await this.run(issue.action.name as IntentName, args as never)
    if (outcome.status !== 'refused' && issue.id !== undefined)
      await this.options.device.issues.delete(issue.id)
    return outcome
  }

  async discard(issue: SyncIssue): Promise<void> {
    if (issue.id !== undefined) await this.options.device.issues.delete(issue.id)
  }

  /** Keeps a refused or conflicting action as a sync issue and announces it. */
  readonly recordIssue = async (
    action: PendingAction,
    outcome: Exclude<IntentOutcome, { status: 'applied' }>,
  ): Promise<void> => {
    const base = {
      action: {
        name: action.name,
        args: action.args,
        description: action.description,
        author: action.author,
      },
      rejection: outcome.rejection as Rejection,
      createdAt: new Date().toISOString(),
    }
    const issue: SyncIssue =
      outcome.status === 'conflict'
        ? { ...base, kind: 'conflict', conflicts: outcome.conflicts }
        : { ...base, kind: 'rejection' }
    const id = await this.options.device.issues.add(issue)
    for (const l of this.listeners) l({ ...issue, id: id as number })
  }
}
