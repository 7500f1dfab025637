/**
 * FLT-01..10: the Data Filters tab (SVD: Filter). Period, training split, model numbers of the line,
 * pass/fail, result classifications of the selected signals' result signals, part attributes, and the
 * exclusion switches behind the exclude-parts flag. Every change goes through the form's correction.
 */
import { useMemo } from 'react'
import {
  Checkbox,
  CheckboxGroup,
  Flex,
  Heading,
  Link,
  Picker,
  Radio,
  RadioGroup,
  Switch,
  Text,
} from '@adobe/react-spectrum'
import { DEFAULT_MODEL_NUMBER, MVD_METRIC, SVD_DEFAULT_METRIC } from '../../../shared/constants'
import type { PartAttribute, PassFailFilter } from '../../../shared/schema/monitor-filter'
import type { FieldErrors } from '../../../shared/validation/field-error'
import { messageAt } from '../../../shared/validation/field-error'
import { Messages } from '../../../shared/validation/messages'
import type { LocalDoc } from '../../db/collections'
import { useDocs } from '../../db/hooks'
import { PASS_FAIL_LABELS } from '../monitors/monitor-labels'
import { changePeriodMode, withFilter, withRecords, type MonitorFormValues } from './form-state'
import { PartAttributesField } from './part-attributes-field'
import { PeriodFields } from './period-fields'
import { TrainingSplitField } from './training-split-field'

const Q = Messages.query

interface DataFiltersTabProps {
  readonly values: MonitorFormValues
  readonly errors: FieldErrors
  readonly showErrors: boolean
  readonly isDisabled: boolean
  readonly timeZone: string
  readonly excludeParts: boolean
  /** The line's signals, read once by the form for every tab. */
  readonly signals: ReadonlyArray<LocalDoc<'signals'>>
  onChange(values: MonitorFormValues): void
  /** 'Configure now': Signal Management (the form asks first when it has unsaved changes). */
  onConfigureNow(): void
}

export function DataFiltersTab({
  values,
  errors,
  showErrors,
  isDisabled,
  timeZone,
  excludeParts,
  signals,
  onChange,
  onConfigureNow,
}: DataFiltersTabProps) {
  const m = values.monitor
  const f = m.monitor_filter
  const lineId = f.line_uuid
  const limitsQ = useDocs('signalLimits', { lineUUID: lineId })
  const { data: lines } = useDocs('lines', { id: lineId })
  const errorAt = (field: string) => (showErrors ? messageAt(errors, field) : undefined)

  // FLT-07: the line's model numbers — those its limits name and those it excludes — and any chosen.
  const modelNumbers = useMemo(() => {
    const set = new Set<string>(f.part_numbers)
    for (const l of limitsQ.data)
      for (const row of l.limits) if (row.model_number !== DEFAULT_MODEL_NUMBER) set.add(row.model_number)
    for (const line of lines) for (const n of line.excludedModelNumbers) set.add(n)
    return [...set].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
  }, [f.part_numbers, limitsQ.data, lines])

  // FLT-08: classifications of the result signals associated with the selected signals.
  const { classifications, lacking } = useMemo(() => {
    const byId = new Map(signals.map((s) => [s.id, s]))
    const selected = f.signal_uuids.flatMap((id) => byId.get(id) ?? [])
    const values = new Set<string>()
    let missing = false
    for (const s of selected) {
      if (s.entityType !== 'MEASUREMENT') continue
      if (s.result.length === 0) missing = true
      for (const r of s.result) for (const c of byId.get(r)?.resultClassifications ?? []) values.add(c.value)
    }
    return { classifications: [...values].sort(), lacking: missing }
  }, [signals, f.signal_uuids])

  const partAttributeSignals = useMemo(
    () => signals.filter((s) => s.entityType === 'PART_ATTRIBUTE'),
    [signals],
  )

  const set = (next: MonitorFormValues) => onChange(next)
  return (
    <Flex direction="column" gap="size-300" minWidth={0}>
      <PeriodFields
        period={values.period}
        records={f.sample_size}
        timeZone={timeZone}
        isDisabled={isDisabled}
        errorAt={errorAt}
        onModeChange={(side, mode) => set({ ...values, period: changePeriodMode(values.period, side, mode) })}
        onChange={(patch) => set({ ...values, period: { ...values.period, ...patch } })}
        onRecords={(records) => set(withRecords(values, records))}
      />
      {errorAt('end_mode') && <Text UNSAFE_className="qm-field-error">{errorAt('end_mode')}</Text>}

      {/* MON-05: SVD compares distributions (WASSERSTEIN by default); MVD uses MAHALANOBIS. */}
      <div role="group" aria-label="Metric">
        <span className="qm-field-label">Metric</span>
        <Text>{m.monitor_type === 'svd' ? SVD_DEFAULT_METRIC : MVD_METRIC}</Text>
      </div>

      <TrainingSplitField
        ratio={f.evaluation_ratio}
        isDisabled={isDisabled}
        onChange={(evaluation_ratio) => set(withFilter(values, { evaluation_ratio }))}
      />

      {modelNumbers.length === 0 ? (
        <div role="group" aria-label="Model Numbers">
          <span className="qm-field-label">Model Numbers</span>
          <Text>No model numbers on this line</Text>
        </div>
      ) : (
        <CheckboxGroup
          label="Model Numbers"
          value={[...f.part_numbers]}
          onChange={(part_numbers) => set(withFilter(values, { part_numbers }))}
          isDisabled={isDisabled}
          orientation="horizontal"
        >
          {modelNumbers.map((n) => (
            <Checkbox key={n} value={n}>
              {n}
            </Checkbox>
          ))}
        </CheckboxGroup>
      )}

      <RadioGroup
        label="Result"
        orientation="horizontal"
        value={f.pass_fail_filter}
        isDisabled={isDisabled}
        onChange={(v) => set(withFilter(values, { pass_fail_filter: v as PassFailFilter }))}
      >
        {(['ALL', 'PASS', 'FAIL'] as const).map((v) => (
          <Radio key={v} value={v}>
            {PASS_FAIL_LABELS[v]}
          </Radio>
        ))}
      </RadioGroup>

      <Flex direction="column" gap="size-100">
        {classifications.length === 0 ? (
          <Picker
            label="Result classifications"
            isDisabled
            placeholder={Q.resultNotConfigured}
            width="size-3600"
            maxWidth="100%"
          >
            {[]}
          </Picker>
        ) : (
          <CheckboxGroup
            label="Result classifications"
            value={[...values.resultClassifications]}
            onChange={(resultClassifications) => set({ ...values, resultClassifications })}
            isDisabled={isDisabled}
            orientation="horizontal"
          >
            {classifications.map((c) => (
              <Checkbox key={c} value={c}>
                {c}
              </Checkbox>
            ))}
          </CheckboxGroup>
        )}
        {lacking && (
          <div className="qm-inline-warning" role="note">
            <Text>{Q.resultAssociationWarning}</Text>{' '}
            <Link onPress={onConfigureNow} UNSAFE_className="qm-hit-link">
              {Q.configureNow}
            </Link>
          </div>
        )}
      </Flex>

      <PartAttributesField
        attributes={f.part_attributes}
        options={partAttributeSignals.map((s) => ({ id: s.id, label: s.friendlyName || s.name }))}
        isDisabled={isDisabled}
        errors={showErrors ? errors : []}
        onChange={(part_attributes: ReadonlyArray<PartAttribute>) =>
          set(withFilter(values, { part_attributes }))
        }
      />

      {excludeParts && (
        <Flex direction="column">
          <Heading level={4} margin={0}>
            Exclusions
          </Heading>
          <Switch
            isSelected={m.use_excluded_part_ids}
            isDisabled={isDisabled}
            onChange={(v) => set({ ...values, monitor: { ...m, use_excluded_part_ids: v } })}
          >
            Exclude Challenge Parts
          </Switch>
          <Switch
            isSelected={m.use_excluded_model_numbers}
            isDisabled={isDisabled}
            onChange={(v) => set({ ...values, monitor: { ...m, use_excluded_model_numbers: v } })}
          >
            Exclude Model Numbers
          </Switch>
        </Flex>
      )}
    </Flex>
  )
}
