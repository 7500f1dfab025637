import { lineLabel } from '../../components/line-selector'
import type { Line } from '../../../shared/schema/line'
import { compareNames } from '../../../shared/text/name-order'

// What a person calls a line (friendly name, else display name): the line selector's rule.
export { lineLabel }

/** Lines in the order people look for them: by label, case-insensitive. */
export const sortByLabel = <T extends Pick<Line, 'friendlyName' | 'displayName' | 'name'>>(
  lines: ReadonlyArray<T>,
): ReadonlyArray<T> => [...lines].sort((a, b) => compareNames(lineLabel(a), lineLabel(b)))

/** The labels of the given line ids; ids of lines this device does not know are kept as they are. */
export const feederLabels = (
  ids: ReadonlyArray<string>,
  lines: ReadonlyArray<Pick<Line, 'id' | 'friendlyName' | 'displayName' | 'name'>>,
): ReadonlyArray<string> => {
  const byId = new Map(lines.map((l) => [l.id, l]))
  return ids.map((id) => {
    const line = byId.get(id)
    return line ? lineLabel(line) : id
  })
}
