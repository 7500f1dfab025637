/**
 * What a refused action tried, as fields a person can read and correct before sending it again.
 *
 * An action's arguments name their target by id (`lineId`, `monitorId`, …: the card's heading
 * already says which) and carry values, at the top level or one object down (`changes`). Values
 * become fields: text, whole/decimal numbers, switches, and lists of lines (feeder lines) when every
 * id is a known line. Anything else is shown as it was tried but cannot be edited here — Re-apply
 * still works for it when the device's own check lets it through.
 *
 * Invariant: `applyDraft(args, draftFields(args, names))` equals `args` (editing nothing changes
 * nothing), and `applyDraft` only ever replaces values at the paths the fields came from.
 */
export type DraftField =
  | (FieldBase & { readonly kind: 'text'; readonly value: string })
  | (FieldBase & { readonly kind: 'number'; readonly value: number })
  | (FieldBase & { readonly kind: 'switch'; readonly value: boolean })
  | (FieldBase & { readonly kind: 'lines'; readonly value: ReadonlyArray<string> })
  | (FieldBase & { readonly kind: 'fixed'; readonly value: unknown })

interface FieldBase {
  /** Where the value sits in the arguments, e.g. ['changes', 'friendlyName']. */
  readonly path: ReadonlyArray<string>
  /** The value's own name (the last step of the path). */
  readonly name: string
}

export function draftFields(args: unknown, lineNames: ReadonlyMap<string, string>): DraftField[] {
  if (!isPlainObject(args)) return []
  const fields: DraftField[] = []
  for (const [key, value] of Object.entries(args)) {
    if (isTargetId(key, value)) continue
    if (isPlainObject(value)) {
      for (const [inner, innerValue] of Object.entries(value)) {
        if (!isTargetId(inner, innerValue)) fields.push(fieldOf([key, inner], innerValue, lineNames))
      }
    } else fields.push(fieldOf([key], value, lineNames))
  }
  return fields
}

/** The arguments with each field's value put back at its path (a copy; `args` is not touched). */
export function applyDraft(args: unknown, fields: ReadonlyArray<DraftField>): unknown {
  if (!isPlainObject(args)) return args
  const copy: Record<string, unknown> = { ...args }
  for (const field of fields) {
    if (field.kind === 'fixed') continue
    const [first, second] = field.path
    if (first === undefined) continue
    if (second === undefined) copy[first] = field.value
    else copy[first] = { ...(copy[first] as Record<string, unknown>), [second]: field.value }
  }
  return copy
}

/** Whether any field can be corrected here. */
export const hasEditableField = (fields: ReadonlyArray<DraftField>): boolean =>
  fields.some((f) => f.kind !== 'fixed')

/** Server answers that say the values were wrong: sending the same again would be refused again. */
export const refusedForItsValues = (status: number): boolean =>
  status === 400 || status === 409 || status === 422

function fieldOf(path: string[], value: unknown, lineNames: ReadonlyMap<string, string>): DraftField {
  const name = path[path.length - 1] ?? ''
  if (typeof value === 'string') return { path, name, kind: 'text', value }
  if (typeof value === 'number' && Number.isFinite(value)) return { path, name, kind: 'number', value }
  if (typeof value === 'boolean') return { path, name, kind: 'switch', value }
  if (
    Array.isArray(value) &&
    value.every((v) => typeof v === 'string' && lineNames.has(v)) &&
    /line/i.test(name)
  )
    return { path, name, kind: 'lines', value: value as string[] }
  return { path, name, kind: 'fixed', value }
}

/** `lineId`, `monitorId`, `id`, `task_uuid`…: which thing the action is about, not a value. */
const isTargetId = (key: string, value: unknown): boolean =>
  typeof value === 'string' && (key === 'id' || /Id$/.test(key) || /_uuid$/.test(key))

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
