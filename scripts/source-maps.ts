/**
 * Reading the build's source maps without a dependency, for the scripts that attribute built code to
 * its sources (chunk-breakdown.ts: bytes; profile-by-source.ts: CPU time): the mappings' base64 VLQ
 * decoded per generated line, and the grouping of sources into packages (the app by folder).
 */

export interface SourceMap {
  readonly sources: ReadonlyArray<string>
  readonly mappings: string
}

/** Where a generated line's code from `column` on comes from (undefined: no source). */
export interface Segment {
  readonly column: number
  readonly source: number | undefined
}

/** Each generated line's segments, in column order. */
export function decodeMappings(mappings: string): Array<Array<Segment>> {
  let source = 0 // the source index runs on across lines; the generated column restarts on each
  return mappings.split(';').map((segments) => {
    let column = 0
    return (segments === '' ? [] : segments.split(',')).map((segment) => {
      const [columnDelta = 0, sourceDelta] = vlq(segment)
      column += columnDelta
      if (sourceDelta === undefined) return { column, source: undefined }
      source += sourceDelta
      return { column, source }
    })
  })
}

/** The source of a generated position (0-based line and column), if the map names one. */
export function sourceAt(
  map: SourceMap,
  lines: ReadonlyArray<ReadonlyArray<Segment>>,
  line: number,
  column: number,
): string | undefined {
  const segments = lines[line] ?? []
  let found: Segment | undefined
  for (const s of segments) {
    if (s.column > column) break
    found = s
  }
  return found?.source === undefined ? undefined : map.sources[found.source]
}

/**
 * A source's group: its package — React Spectrum, react-aria and react-stately by component, RxDB by
 * plugin, effect by module — or the app's folder; `byFile` sources it matches stay file by file.
 */
export function groupOf(source: string, byFile?: RegExp): string {
  if (byFile?.test(source)) return source.split('node_modules/').pop() ?? source
  const lib = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source)
  if (lib) {
    const [, name = '', rest = ''] = lib
    const part = (re: RegExp) => re.exec(rest)?.[1]
    if (name === '@adobe/react-spectrum' || name === 'react-aria' || name === 'react-stately')
      return `${name}: ${part(/dist\/private\/([^/]+)\//) ?? '(index)'}`
    if (name === 'rxdb')
      return `rxdb${part(/plugins\/([^/]+)\//) ? `: plugin ${part(/plugins\/([^/]+)\//)}` : ''}`
    if (name === 'effect') return `effect: ${part(/dist\/(?:internal\/)?([^/]+)/) ?? '?'}`
    return name
  }
  const app = /(?:^|\/)(client|shared)\/(.*)$/.exec(source)
  if (app) return `app: ${app[1]}/${(app[2] ?? '').split('/').slice(0, 2).join('/')}`
  return source
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** A segment's fields: base64 VLQ numbers, each a delta from the previous segment's. */
function vlq(segment: string): Array<number> {
  const values: Array<number> = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = BASE64.indexOf(char)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return values
}
