/**
 * FLT-01..10: the Data Filters tab (SVD: Filter). Period, the compatibility text and training split
 * (as the composition has them), model numbers of the line, pass/fail, result classifications of the
 * selected signals' result signals, part attributes (as the composition has them), and the exclusion
 * switches behind the exclude-parts flag. Every change goes through the form's correction.
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
import { useDocs } from '../../db/react/hooks'
import { MONITOR_COMPOSITIONS } from '../../../shared/schema/monitor-composition'
import { PASS_FAIL_LABELS } from '../monitors/monitor-labels'
import { changePeriodMode, withFilter, withRecords, type MonitorFormValues } from './form-state'
import { PartAttributesField } from './part-attributes-field'
import { PeriodFields } from './period-fields'
import { TrainingSplitField } from './training-split-field'
import { compareNames } from '../../../shared/text/name-order'

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
  /** FLT-08: what the selected signals' result signals offer (classificationsOfSelection). */
  readonly offered: { readonly values: ReadonlyArray<string>; readonly lacking: boolean }
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
  offered,
  onChange,
  onConfigureNow,
}: DataFiltersTabProps) {
  const m = values.monitor
  const f = m.monitor_filter
  const lineId = f.line_uuid
  const limitsQ = useDocs('signalLimits', { lineUUID: lineId })
  const { data: lines } = useDocs('lines', { id: lineId })
  const errorAt = (field: string) => (showErrors ? messageAt(errors, field) : undefined)

  // FLT-07: every model number the line has — those its data names, its limits name and it excludes
  // — and any chosen.
  const modelNumbers = useMemo(() => {
    const set = new Set<string>(f.part_numbers)
    for (const line of lines) for (const n of line.modelNumbers ?? []) set.add(n)
    for (const l of limitsQ.data)
      for (const row of l.limits) if (row.model_number !== DEFAULT_MODEL_NUMBER) set.add(row.model_number)
    for (const line of lines) for (const n of line.excludedModelNumbers) set.add(n)
    return [...set].sort((a, b) => compareNames(a, b))
  }, [f.part_numbers, limitsQ.data, lines])

  // FLT-08: the offered classifications, and a chosen one no longer offered (so it can be unticked).
  const { lacking } = offered
  const classifications = useMemo(
    () => [...new Set([...offered.values, ...values.resultClassifications])].sort(),
    [offered.values, values.resultClassifications],
  )

  // FLT-09: the line's attributes, each with the values its data holds.
  const attributeOptions = useMemo(
    () =>
      signals
        .filter((s) => s.entityType === 'PART_ATTRIBUTE')
        .map((s) => ({ id: s.id, label: s.friendlyName || s.name, values: s.attributeValues ?? [] })),
    [signals],
  )
  const composition = MONITOR_COMPOSITIONS[m.monitor_type]

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

      {composition.compatibility !== undefined && (
        <div role="note" aria-label="Monitor compatibility">
          <span className="qm-field-label">Monitor compatibility</span>
          <Text>{composition.compatibility}</Text>
        </div>
      )}

      {composition.trainingSplit && (
        <TrainingSplitField
          ratio={f.evaluation_ratio}
          isDisabled={isDisabled}
          onChange={(evaluation_ratio) => set(withFilter(values, { evaluation_ratio }))}
        />
      )}

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
            // Kept in the order offered, so the stored list does not follow the order of clicks.
            onChange={(chosen) =>
              set({ ...values, resultClassifications: classifications.filter((c) => chosen.includes(c)) })
            }
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
        {errorAt('result_classifications') && (
          <Text UNSAFE_className="qm-field-error">{errorAt('result_classifications')}</Text>
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

      {composition.partAttributes && (
        <PartAttributesField
          attributes={f.part_attributes}
          options={attributeOptions}
          isDisabled={isDisabled}
          errors={showErrors ? errors : []}
          onChange={(part_attributes: ReadonlyArray<PartAttribute>) =>
            set(withFilter(values, { part_attributes }))
          }
        />
      )}

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
