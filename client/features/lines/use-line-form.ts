import { useState } from 'react'
import type { LocalDoc } from '../../db/collections'
import { LINE_FORM_FIELDS, lineFormValues, type LineFormValues } from '../../../shared/validation/line-rules'

export type LineField = keyof LineFormValues

export interface LineForm {
  /** The stored line the form is based on: the latest version seen while the drawer is open. */
  readonly initial: LineFormValues
  readonly values: LineFormValues
  /** Fields the user is editing that another device changed meanwhile (the stored value is in `initial`). */
  readonly changedUnderneath: ReadonlyArray<LineField>
}

interface State extends LineForm {
  readonly session: number
}

const FIELDS: ReadonlyArray<LineField> = LINE_FORM_FIELDS

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * LINE-05 with a live line: the Configure Line form follows changes the line receives while the
 * drawer is open (another device, the server's replication). A field the user has not touched takes
 * the new stored value; a field the user is editing keeps the user's value and is listed in
 * `changedUnderneath`, so the drawer can say so. `initial` is always the latest stored line, so Save
 * writes exactly what the user changed against what is stored now.
 */
export function useLineForm(isOpen: boolean, line: LocalDoc<'lines'> | undefined, session: number) {
  const [state, setState] = useState<State | undefined>(undefined)
  const stored = line ? lineFormValues(line) : undefined

  // A new opening (or the line arriving after it) starts the form from the stored line. The old
  // form stays while closed so the drawer does not go blank during its exit animation.
  if (isOpen && stored && state?.session !== session) {
    setState({ session, initial: stored, values: stored, changedUnderneath: [] })
  } else if (isOpen && stored && state && FIELDS.some((f) => !same(stored[f], state.initial[f]))) {
    setState(rebase(state, stored))
  }

  const current = state?.session === session || !isOpen ? state : undefined
  const change = (changes: Partial<LineFormValues>) =>
    setState((s) => (s ? { ...s, values: { ...s.values, ...changes } } : s))
  // A field whose value the user brought back to the stored one needs no notice any more.
  const form: LineForm | undefined = current && {
    ...current,
    changedUnderneath: current.changedUnderneath.filter((f) => !same(current.values[f], current.initial[f])),
  }
  return { form, change }
}

function rebase(state: State, stored: LineFormValues): State {
  const values: Record<string, unknown> = { ...state.values }
  const underneath = new Set(state.changedUnderneath)
  for (const f of FIELDS) {
    if (same(stored[f], state.initial[f])) continue
    if (same(state.values[f], state.initial[f])) values[f] = stored[f]
    else underneath.add(f)
  }
  return {
    session: state.session,
    initial: stored,
    values: values as unknown as LineFormValues,
    changedUnderneath: [...underneath],
  }
}
