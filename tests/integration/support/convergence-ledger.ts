import { deepEqual } from '../../../shared/sync/deep-equal'
import type { CollectionName } from '../../../shared/sync/collections'
import type { Operation } from './convergence-ops'
import type { PatchResult } from './convergence-protocol'

/**
 * What each client's user typed, field by field, and which of those values the sync layer took away
 * from the local document. A value is "displaced" when the user's next edit of the same field finds
 * something else there than what the user left: the sync replaced it. Such values, and the last value
 * the user left in each field, must end up somewhere the user can see: on the server, in an
 * acknowledged push, or in a conflict or rejection record (OFF-04, OFF-05: nothing silently lost).
 */
export interface TypedValue {
  readonly client: string
  readonly collection: CollectionName
  readonly id: string
  readonly field: string
  readonly value: unknown
  /** The message the server must answer when the value is invalid. */
  readonly invalidMessage?: string
  /** Operation number, for the failure report. */
  readonly op: number
}

interface FieldState {
  mine: TypedValue
}

export class Ledger {
  private readonly fields = new Map<string, FieldState>()
  /** Values the sync layer replaced before the user moved on. */
  readonly displaced: TypedValue[] = []
  writes = 0
  reapplies = 0

  /** `result.patch` is what the device wrote (a switch's value is known only there). */
  record(client: string, opNumber: number, result: PatchResult, invalid?: Operation['invalid']): void {
    if (!result.written) return
    this.writes++
    this.track(client, opNumber, result, invalid)
  }

  private track(client: string, opNumber: number, result: PatchResult, invalid?: Operation['invalid']): void {
    const { collection, id } = result
    for (const [field, value] of Object.entries(result.patch)) {
      const key = `${client}|${collection}|${id}|${field}`
      const state = this.fields.get(key)
      const before = result.before[field]
      if (state && !deepEqual(before, state.mine.value)) {
        this.displaced.push(state.mine)
        this.fields.delete(key)
      }
      // Saving the value that is already there changes nothing: no edit to keep or to lose.
      if (deepEqual(before, value)) continue
      const invalidMessage = invalid?.field === field ? invalid.message : undefined
      this.fields.set(key, {
        mine: {
          client,
          collection,
          id,
          field,
          value,
          op: opNumber,
          ...(invalidMessage ? { invalidMessage } : {}),
        },
      })
    }
  }

  /**
   * The user re-applied a conflict record: its values are typed again (recorded like an edit), and the
   * record is gone, so the displaced values it held are no longer expected anywhere but in the new edit.
   */
  reapplied(client: string, opNumber: number, result: PatchResult): void {
    this.reapplies++
    this.track(client, opNumber, result)
    for (const [field, value] of Object.entries(result.patch)) {
      for (let i = this.displaced.length - 1; i >= 0; i--) {
        const d = this.displaced[i]!
        if (
          d.client === client &&
          d.collection === result.collection &&
          d.id === result.id &&
          d.field === field &&
          deepEqual(d.value, value)
        )
          this.displaced.splice(i, 1)
      }
    }
  }

  /** The last value the user left in each field. */
  lastValues(): TypedValue[] {
    return [...this.fields.values()].map((s) => s.mine)
  }
}
