/**
 * The Cap Limits edits not saved yet, kept in this tab's sessionStorage per user: a reload (offline
 * too), a trip to another section or a sign-in again in the same tab shows them again, so nothing
 * typed is silently lost. Saving or discarding clears them. One draft at a time, for one line: the
 * line selector is locked while it exists, and the page returns to the draft's line.
 */
import { useCallback, useMemo } from 'react'
import type { LimitRow } from '../../../shared/validation/limit-rules'
import { readSessionValue, useSessionValue, writeSessionValue } from '../../components/session-value'
import type { LimitsEdits } from './limits-grid-model'

interface StoredDraft {
  readonly lineId: string
  readonly edits: ReadonlyArray<readonly [string, LimitRow]>
}

export interface LimitsDraft {
  /** The line the draft belongs to, if there is a draft. */
  readonly lineId: string | undefined
  readonly edits: LimitsEdits
  update(lineId: string, change: (edits: LimitsEdits) => LimitsEdits): void
  clear(): void
}

const NO_EDITS: LimitsEdits = new Map()

function parse(text: string | undefined): StoredDraft | undefined {
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as StoredDraft
    return typeof value.lineId === 'string' && Array.isArray(value.edits) ? value : undefined
  } catch {
    return undefined
  }
}

export function useLimitsDraft(userId: string): LimitsDraft {
  const key = `qm.capLimits.draft.${userId}`
  const [text] = useSessionValue(key)
  const stored = useMemo(() => parse(text), [text])
  const edits = useMemo<LimitsEdits>(() => (stored ? new Map(stored.edits) : NO_EDITS), [stored])

  const update = useCallback(
    (lineId: string, change: (edits: LimitsEdits) => LimitsEdits) => {
      // Read the latest stored value: several cells may change before React renders again.
      const current = parse(readSessionValue(key))
      const before: LimitsEdits = current && current.lineId === lineId ? new Map(current.edits) : NO_EDITS
      const next = change(before)
      writeSessionValue(key, next.size === 0 ? undefined : JSON.stringify({ lineId, edits: [...next] }))
    },
    [key],
  )
  const clear = useCallback(() => writeSessionValue(key, undefined), [key])
  return { lineId: stored?.lineId, edits, update, clear }
}
