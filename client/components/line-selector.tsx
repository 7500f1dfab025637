import { lineLabel } from '../../shared/schema/line'
import { useEffect, useMemo, useRef } from 'react'
import { Item, Picker } from '@adobe/react-spectrum'
import { useDocs } from '../db/react/hooks'
import { useSessionValue } from './session-value'
import { compareNames } from '../../shared/text/name-order'

export interface LineSelectorProps {
  readonly value: string | undefined
  readonly onChange: (lineId: string) => void
  /** Inactive lines are hidden unless asked for (Line Management shows every line). */
  readonly includeInactive?: boolean
  readonly isDisabled?: boolean
  /** Default 'Line'. */
  readonly label?: string
}

/** What a line is called everywhere: its friendly name when it has one. */
export { lineLabel }

/**
 * The line picker every line-scoped screen shares (SHELL-05). Reads the local lines, so it works
 * offline. When nothing (or a line that is no longer offered) is selected, it selects the first line,
 * so a screen always has a line once the plant has one.
 */
export function LineSelector({
  value,
  onChange,
  includeInactive = false,
  isDisabled,
  label = 'Line',
}: LineSelectorProps) {
  const { data, loading } = useDocs('lines')
  const options = useMemo(
    () =>
      data
        .filter((l) => includeInactive || l.active)
        .map((l) => ({ id: l.id, label: lineLabel(l) }))
        .sort((a, b) => compareNames(a.label, b.label)),
    [data, includeInactive],
  )

  const first = options[0]?.id
  const known = value !== undefined && options.some((o) => o.id === value)
  // Once per candidate: a parent that ignores onChange must not loop.
  const autoSelected = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (loading || known || first === undefined || autoSelected.current === first) return
    autoSelected.current = first
    onChange(first)
  }, [loading, known, first, onChange])

  const empty = !loading && options.length === 0
  return (
    <Picker
      label={label}
      items={options}
      selectedKey={known ? value : null}
      onSelectionChange={(key) => {
        if (key !== null) onChange(String(key))
      }}
      isLoading={loading}
      isDisabled={isDisabled === true || empty}
      placeholder={empty ? 'No lines' : 'Select a line'}
      width="size-3600"
      maxWidth="100%"
    >
      {(o) => <Item key={o.id}>{o.label}</Item>}
    </Picker>
  )
}

const SELECTED_LINE_KEY = 'qm.selectedLineId'

/** The line chosen on any line-scoped screen, shared by all of them and kept for the session. */
export function useSelectedLine(): [string | undefined, (lineId: string) => void] {
  const [lineId, setLineId] = useSessionValue(SELECTED_LINE_KEY)
  return [lineId, setLineId]
}
