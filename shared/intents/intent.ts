import type { Schema } from 'effect'
import { isAdministrator, type Role } from '../schema/user'
import type { CollectionName } from '../sync/collections'
import type { RejectionCode } from '../sync/protocol'
import type { DocSet } from './doc-set'

export type { DocumentChange } from './document-change'

/**
 * What a user action is. Every write a user can make is one named intent: an argument schema and
 * ONE pure function from the current documents and the arguments to the changes it makes, cascades
 * and derived values included. The device runs it on its local documents (so every screen, count and
 * cascade is right offline at once); the server runs the very same function in its write path on
 * its own documents, inside one transaction, so an action is applied all or nothing.
 *
 * Purity: `apply` reads only the DocSet, the arguments and the environment. Ids of documents an
 * intent creates travel in its arguments (minted by the device), so both sides name them alike.
 */
export interface IntentDefinition<A> {
  readonly name: string
  /** Decodes (and validates) the arguments; the server refuses what does not decode with 400. */
  readonly args: Schema.Decoder<A>
  /** Only administrators may run it (users and data sources). */
  readonly adminOnly?: boolean
  /**
   * The version of the arguments `args` decodes (absent: 1). Raised, with an `upgrades` step, when
   * the arguments change in a way an action stored or sent by an older app version does not decode.
   */
  readonly version?: number
  /**
   * `upgrades[v]` turns version v's arguments into version v + 1's; it throws an Error saying why
   * when it cannot (shared/intents/upgrade.ts runs them on both hosts).
   */
  readonly upgrades?: Readonly<Record<number, (args: unknown) => unknown>>
  /** The documents `apply` may look at; both hosts load exactly these before running it. */
  reads(args: A, env: IntentEnv): ReadonlyArray<DocumentRead>
  /** Further documents that depend on the first ones (e.g. the line of a monitor named by id). */
  followUp?(args: A, docs: DocSet): ReadonlyArray<DocumentRead>
  /**
   * The documents the user edits directly (not cascades). The fields the action changes on these are
   * checked against concurrent changes: if the server's value moved since the device saw it, the
   * server's value wins and the action is kept as a conflict for the user (OFF-05).
   */
  edits(args: A): ReadonlyArray<DocumentRef>
  /** Records the changes in `docs`, or throws IntentRejected with the spec's message. */
  apply(docs: DocSet, args: A, env: IntentEnv): void
  /** The action in the user's words, for Sync issues: "Deactivate Paint Line". */
  describe(args: A, docs: DocSet): string
  /**
   * Arguments that must not outlive their trip to the server (a write-only secret): returns the
   * arguments without them. The device keeps them only while the action waits to be sent; once the
   * server has answered (applied, refused or in conflict) the stored action and any sync issue made
   * from it hold only what this returns.
   */
  forgetAfterSend?(args: A): A
}

/** Who acts, and when: the only inputs besides documents and arguments. */
export interface IntentEnv {
  readonly actor: Actor
  /** UTC ISO; the server's clock on the server. */
  readonly now: string
}

export interface Actor {
  readonly userId: string
  readonly role: Role
  readonly customerId: string
  readonly plantId: string
  readonly locationConfig: { readonly locationName: string | null; readonly locationPlantId: string | null }
}

/**
 * SHELL-04: whether the actor's role may run the intent at all (administrators only for users and
 * data sources). The server refuses with 403 'Forbidden resource'; the device says the same at once,
 * so a demoted administrator's Re-apply is refused here instead of going up to be refused again.
 */
export const mayRun = (definition: Pick<IntentDefinition<never>, 'adminOnly'>, actor: Pick<Actor, 'role'>) =>
  definition.adminOnly !== true || isAdministrator(actor.role)

export interface DocumentRef {
  readonly collection: CollectionName
  readonly id: string
}

/** A set of documents to load: by ids, by equality on top-level fields, or the whole collection. */
export type DocumentRead =
  | { readonly collection: CollectionName; readonly ids: ReadonlyArray<string> }
  | { readonly collection: CollectionName; readonly where: Readonly<Record<string, string | boolean>> }
  | { readonly collection: CollectionName; readonly all: true }

/** A business rule said no: the same code, status and message on the device and on the server. */
export class IntentRejected extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    readonly code: RejectionCode,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message)
    this.name = 'IntentRejected'
  }
}

export const rejectInvalid = (message: string, details?: Record<string, unknown>): never => {
  throw new IntentRejected(400, 'VALIDATION', message, details)
}
export const rejectNotFound = (message: string): never => {
  throw new IntentRejected(404, 'NOT_FOUND', message)
}
export const rejectForbidden = (message: string): never => {
  throw new IntentRejected(403, 'FORBIDDEN', message)
}

/** Identity helper that keeps the argument type of a definition. */
export const defineIntent = <A>(definition: IntentDefinition<A>): IntentDefinition<A> => definition
