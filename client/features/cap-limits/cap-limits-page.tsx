/**
 * Cap Limits (CAPL-01..04): per line, the limits of each signal and model in a tree grid. Typing
 * marks the row edited and locks the line selector until Discard Changes or Save Changes; Save
 * stores every edited signal as ONE saveSignalLimits action (applied on this device at once, sent
 * when online). Rows left without values are dropped by the intent (limits flag).
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Button, Flex, Heading, Switch } from '@adobe/react-spectrum'
import { Messages } from '../../../shared/validation/messages'
import type { LimitField, LimitSingleSide } from '../../../shared/validation/limit-rules'
import { CsvExportButton } from '../../components/csv-export-button'
import { LineSelector, lineLabel, useSelectedLine } from '../../components/line-selector'
import { Skeleton } from '../../components/skeleton'
import { useLineArrived, usePlant, useSession } from '../../db/react/data-context'
import { useDocs } from '../../db/react/hooks'
import { isKept, useAction } from '../../hooks/use-action'
import { LimitsGrid } from './limits-grid'
import {
  buildLimitTree,
  editCell,
  editProblems,
  editsValid,
  entriesToSave,
  limitsCsvTable,
  type LimitTreeRow,
  type LimitsEdits,
} from './limits-grid-model'
import { useLimitsDraft } from './use-limits-draft'

const L = Messages.limits
const NO_EDITS: LimitsEdits = new Map()

export default function CapLimitsPage() {
  const [lineId, setLineId] = useSelectedLine()
  const lines = useDocs('lines')
  const { plant, loading: plantLoading } = usePlant()
  const signals = useDocs('signals', { lineId: lineId ?? '' })
  const entries = useDocs('signalLimits', { lineUUID: lineId ?? '' })
  const [onlyWithLimits, setOnlyWithLimits] = useState(true)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const session = useSession()
  const draft = useLimitsDraft(session.status === 'signed-in' ? session.user.id : '')
  // A draft belongs to one line: come back to it (another screen may have changed the line).
  useEffect(() => {
    if (draft.lineId !== undefined && draft.lineId !== lineId) setLineId(draft.lineId)
  }, [draft.lineId, lineId, setLineId])
  const edits = draft.lineId === lineId ? draft.edits : NO_EDITS
  const [saving, setSaving] = useState(false)
  const act = useAction()
  const singleSidedFlag = plant?.featureFlags.singleSidedLimits === true

  const rows = useMemo(
    () =>
      lineId
        ? buildLimitTree(lineId, signals.data, entries.data, { onlyWithLimits, expanded, singleSidedFlag })
        : [],
    [lineId, signals.data, entries.data, onlyWithLimits, expanded, singleSidedFlag],
  )
  const sides = useMemo(
    () =>
      new Map<string, LimitSingleSide | null>(
        signals.data.map((s) => [s.id, singleSidedFlag ? s.singleSide : null]),
      ),
    [signals.data, singleSidedFlag],
  )

  const { update, clear } = draft
  const onEdit = useCallback(
    (row: LimitTreeRow, field: LimitField, text: string) => {
      if (lineId) update(lineId, (e) => editCell(e, row, field, text))
    },
    [lineId, update],
  )
  const onToggleModels = useCallback(
    (signalId: string) =>
      setExpanded((open) => {
        const next = new Set(open)
        if (!next.delete(signalId)) next.add(signalId)
        return next
      }),
    [],
  )

  const editing = edits.size > 0
  const valid = editsValid(edits, sides)
  const problems = useMemo(() => editProblems(rows, edits, sides), [rows, edits, sides])
  const problemCount = problems.messages.length + problems.hidden

  const save = async () => {
    if (!lineId || !editing || !valid) return
    const toSave = entriesToSave(lineId, edits, signals.data, entries.data, () => crypto.randomUUID())
    setSaving(true)
    const result = await act(
      'saveSignalLimits',
      { lineId, entries: toSave },
      {
        saved: L.saved,
        failed: (error: unknown) => (error instanceof Error ? error.message : String(error)),
        unchangedAsSaved: true,
      },
    )
    setSaving(false)
    if (isKept(result)) clear()
  }

  const failed = [lines, signals, entries].some((q) => q.error !== undefined)
  // During a first sync a signal's limits may simply not have arrived yet (see Cap Alerts).
  const arrived = useLineArrived(lineId)
  const loading =
    lines.loading || signals.loading || entries.loading || plantLoading || lineId === undefined || !arrived
  const noLines = !lines.loading && !lines.data.some((l) => l.active)
  const line = lines.data.find((l) => l.id === lineId)

  return (
    <Flex direction="column" gap="size-200" minWidth={0}>
      <Heading level={2} margin={0}>
        Cap Limits
      </Heading>
      <Flex gap="size-300" alignItems="end" wrap>
        <LineSelector value={lineId} onChange={setLineId} isDisabled={editing} />
        <Switch
          isEmphasized
          UNSAFE_className="qm-hit"
          isSelected={onlyWithLimits}
          onChange={setOnlyWithLimits}
        >
          {L.showOnlyWithLimits}
        </Switch>
        <Flex gap="size-150" marginStart="auto" wrap>
          <CsvExportButton
            gridName={`Cap Limits ${line ? lineLabel(line) : (lineId ?? '')}`}
            table={() => limitsCsvTable(rows, edits)}
            isDisabled={failed || loading || rows.length === 0}
          />
          <Button
            variant="secondary"
            isDisabled={!editing || saving}
            onPress={clear}
            UNSAFE_className="qm-hit"
          >
            Discard Changes
          </Button>
          <Button
            variant="accent"
            isDisabled={!editing || !valid || saving}
            onPress={() => void save()}
            UNSAFE_className="qm-hit"
          >
            Save Changes
          </Button>
        </Flex>
      </Flex>
      {problemCount > 0 && (
        <div className="qm-limits-problems" role="status">
          <ul>
            {problems.messages.slice(0, 3).map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          {problemCount > 3 && <span>{`and ${problemCount - 3} more`}</span>}
        </div>
      )}
      {failed ? (
        <div className="qm-cap-error" role="alert">
          {Messages.capAlerts.errorLoadingData}
        </div>
      ) : noLines ? (
        <p>No lines exist for this plant.</p>
      ) : loading ? (
        <>
          {!arrived && <p className="qm-arriving">{Messages.sync.lineArriving}</p>}
          <Skeleton label="Loading Cap Limits" lines={6} />
        </>
      ) : (
        <LimitsGrid
          rows={rows}
          edits={edits}
          expanded={expanded}
          emptyText={onlyWithLimits ? Messages.capAlerts.noSignalsWithLimits : 'No signals on this line'}
          onEdit={onEdit}
          onToggleModels={onToggleModels}
        />
      )}
    </Flex>
  )
}
