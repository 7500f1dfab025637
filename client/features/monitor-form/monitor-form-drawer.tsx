/**
 * MON-01..07: the MVD / SVD monitor form in the 750px drawer, in CREATE, EDIT or VIEW. The name row,
 * frequency and threshold on top; the tabs (blocked while the current one has errors, with a
 * validation summary — MON-03); notes; the footer with 'Deploy on create', Edit, Save/Create,
 * Cancel, Close. Saving runs one action (monitor and rules together) on the device at once; the
 * outcome and the duplicate refusal are handled by use-save-monitor.tsx.
 */
import { useMemo } from 'react'
import { Button, ButtonGroup, Flex, Switch, Text } from '@adobe/react-spectrum'
import { DRAWER_WIDTH_PX } from '../../../shared/constants'
import { Messages } from '../../../shared/validation/messages'
import { systemClock } from '../../../shared/time/clock'
import { useConfirm } from '../../components/confirm'
import { Drawer } from '../../components/drawer'
import { Tabs } from '../../components/tabs'
import { usePlant, useSession } from '../../db/react/data-context'
import { useDocs } from '../../db/react/hooks'
import { classificationsOfSelection } from '../../../shared/validation/monitor-query-rules'
import { AlertRulesEditor } from '../alert-rules/alert-rules-editor'
import { ADMIN_PAGE_LABELS, type AdminMonitorType } from '../monitors/monitor-labels'
import { DataFiltersTab } from './data-filters-tab'
import {
  TAB_TITLES,
  TABS_OF,
  allErrors,
  blockingErrors,
  changeLine,
  defaultName,
  isDirty,
  summaryLine,
  validateForm,
  withFilter,
  type FormTab,
} from './form-state'
import { GeneralFields, NotesField } from './general-fields'
import { SignalsTab } from './signals-tab'
import { useMonitorForm, type FormTarget } from './use-monitor-form'
import { useSaveMonitor } from './use-save-monitor'

const M = Messages.monitor
const R = Messages.alertRules

export interface MonitorFormDrawerProps {
  readonly type: AdminMonitorType
  readonly target: FormTarget | undefined
  readonly isOpen: boolean
  /** Changes at each opening, so the form starts again. */
  readonly session: number
  /** The page's line: a new monitor starts on it. */
  readonly lineId: string | undefined
  onClose(): void
  /** MON-07: open another monitor (the existing duplicate) in EDIT. */
  onOpen(target: FormTarget): void
  /** 'Configure now': leave for Signal Management. */
  onConfigureSignals(): void
}

export function MonitorFormDrawer({
  type,
  target,
  isOpen,
  session,
  lineId,
  onClose,
  onOpen,
  onConfigureSignals,
}: MonitorFormDrawerProps) {
  const who = useSession()
  const { plant } = usePlant()
  const confirm = useConfirm()
  const scope =
    who.status === 'signed-in'
      ? {
          cust_uuid: who.user.customerId,
          plant_uuid: who.user.plantId,
          ...(lineId ? { line_uuid: lineId } : {}),
        }
      : undefined
  const form = useMonitorForm(type, target, session, scope)
  const { state } = form
  // Before the form state exists a new monitor's line is the page's: its signals start loading at once.
  const formLine =
    state?.values.monitor.monitor_filter.line_uuid ?? (target?.mode === 'CREATE' ? (lineId ?? '') : '')
  const { data: allMonitors } = useDocs('monitors')
  const signalsQ = useDocs('signals', { lineId: formLine })
  const lineSignals = signalsQ.data
  const { save, saving } = useSaveMonitor({ type, onClose, onOpen })

  const knownAttributeIds = useMemo(
    () => lineSignals.filter((s) => s.entityType === 'PART_ATTRIBUTE').map((s) => s.id),
    [lineSignals],
  )
  const nextName = useMemo(
    () =>
      defaultName(
        type,
        allMonitors
          .filter((m) => m.monitor_type === type && m.monitor_filter.line_uuid === formLine)
          .map((m) => m.monitor_name),
      ),
    [allMonitors, type, formLine],
  )

  const mode = state?.mode
  const view = mode === 'VIEW'
  const disabled = view || saving
  const selectedSignals = state?.values.monitor.monitor_filter.signal_uuids
  const offered = useMemo(() => {
    const byId = new Map(lineSignals.map((s) => [s.id, s]))
    return classificationsOfSelection(selectedSignals ?? [], (id) => byId.get(id))
  }, [lineSignals, selectedSignals])
  const errors = state
    ? validateForm(state.values, {
        clock: systemClock,
        knownAttributeIds,
        // Until the line's signals are read, nothing is known to be missing.
        ...(signalsQ.loading ? {} : { classifications: offered.values }),
      })
    : undefined
  // Live in EDIT (MON-03); in CREATE once the user tried to move on or save, so a new form is not red.
  const showErrors = state !== undefined && !view && (mode === 'EDIT' || state.attempted)
  const dirty = state !== undefined && !view && isDirty(state.initial, state.values)
  const labels = ADMIN_PAGE_LABELS[type]
  const title = mode === 'CREATE' ? `New ${type.toUpperCase()} Monitor` : labels.drawerTitle

  const summary = (list: ReturnType<typeof allErrors>) =>
    confirm({
      title: 'Please correct these errors',
      body: (
        <ul className="qm-summary-list">
          {list.map((e, i) => (
            <li key={i}>{summaryLine(e)}</li>
          ))}
        </ul>
      ),
      variant: 'error',
    })

  const requestClose = async () => {
    if (dirty) {
      const discard = await confirm({
        title: 'Discard changes?',
        body: 'Your changes to this monitor have not been saved.',
        confirmLabel: 'Discard',
        cancelLabel: 'Keep editing',
        variant: 'destructive',
      })
      if (!discard) return false
    }
    onClose()
    return true
  }

  const changeTab = (tab: FormTab) => {
    if (!state || !errors || tab === state.tab) return
    const blocking = view ? [] : blockingErrors(errors, state.tab)
    if (blocking.length > 0) {
      form.setAttempted()
      void summary(blocking)
      return
    }
    form.setTab(tab)
  }

  const onSave = async () => {
    if (!state || !errors || view || form.rulesFailed) return
    const list = allErrors(errors)
    if (list.length > 0) {
      form.setAttempted()
      await summary(list)
      return
    }
    const saved = await save(state.values, state.mode === 'CREATE' ? 'CREATE' : 'EDIT', state.deploy)
    if (saved) form.markSaved()
  }

  const footer = state && (
    <Flex
      alignItems="center"
      gap="size-200"
      justifyContent="space-between"
      width="100%"
      wrap
      UNSAFE_className="qm-monitor-form-footer"
    >
      {mode === 'CREATE' ? (
        <Switch isEmphasized isSelected={state.deploy} onChange={form.setDeploy} isDisabled={saving}>
          Deploy on create
        </Switch>
      ) : (
        <span />
      )}
      <ButtonGroup>
        {view ? (
          <>
            <Button variant="secondary" onPress={onClose}>
              Close
            </Button>
            <Button variant="primary" onPress={() => form.setMode('EDIT')}>
              Edit
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onPress={() => void requestClose()} isDisabled={saving}>
              Cancel
            </Button>
            <Button variant="accent" onPress={() => void onSave()} isDisabled={saving || form.rulesFailed}>
              {mode === 'CREATE' ? 'Create' : 'Save'}
            </Button>
          </>
        )}
      </ButtonGroup>
    </Flex>
  )

  let body
  if (form.load === 'error') {
    body = (
      <div className="qm-form-overlay" role="alert">
        <Text>{M.errorLoadingForm}</Text>
      </div>
    )
  } else if (!state || !errors) {
    body = (
      <div className="qm-form-overlay" role="status">
        <Text>{M.loading}</Text>
      </div>
    )
  } else {
    const values = state.values
    const f = values.monitor.monitor_filter
    const tabs = TABS_OF[type]
    const tabErrors = (tab: FormTab) => (showErrors ? errors[tab].length : 0)
    body = (
      <div className="qm-monitor-form" aria-busy={saving || undefined}>
        {state.underneath.length > 0 && !view && (
          <div className="qm-inline-warning" role="status">
            <Text>
              This monitor was changed on another device while you edit it. Fields you had not changed were
              updated; your values are kept for: {[...new Set(state.underneath)].join(', ')}.
            </Text>
          </div>
        )}
        <GeneralFields
          values={values}
          errors={errors.general}
          showErrors={showErrors}
          isDisabled={disabled}
          defaultName={nextName}
          onChange={form.change}
        />
        {/* Our own tabs (components/tabs.tsx): typing in a field under Spectrum's re-styled the page. */}
        <div className="qm-monitor-tabs">
          <Tabs
            label="Monitor settings"
            tabs={tabs.map((tab) => ({
              key: tab,
              title: `${TAB_TITLES[type][tab]}${tabErrors(tab) > 0 ? ` (${tabErrors(tab)})` : ''}`,
            }))}
            selected={state.tab}
            onSelect={changeTab}
            panelFocusable={view}
          >
            {state.tab === 'signals' && (
              <SignalsTab
                type={type}
                lineId={f.line_uuid}
                selection={f}
                isDisabled={disabled}
                multiselect={plant?.featureFlags.multiselect ?? false}
                signals={signalsQ}
                error={showErrors ? errors.signals[0]?.message : undefined}
                onLineChange={(id) => form.change(changeLine(values, id))}
                onSelectionChange={(s) =>
                  form.change(
                    withFilter(values, {
                      signal_uuids: s.signal_uuids,
                      signal_group_uuids: s.signal_group_uuids,
                    }),
                  )
                }
              />
            )}
            {state.tab === 'filters' && (
              <DataFiltersTab
                values={values}
                errors={errors.filters}
                showErrors={showErrors}
                isDisabled={disabled}
                timeZone={plant?.timeZone ?? 'UTC'}
                excludeParts={plant?.featureFlags.excludeParts ?? false}
                signals={lineSignals}
                offered={offered}
                onChange={form.change}
                onConfigureNow={() => void requestClose().then((left) => left && onConfigureSignals())}
              />
            )}
            {state.tab === 'rules' && form.rulesFailed && (
              <div className="qm-form-overlay" role="alert">
                <Text>{R.errorLoadingData}</Text>
              </div>
            )}
            {state.tab === 'rules' && !form.rulesFailed && (
              <AlertRulesEditor
                value={values.rules}
                onChange={(rules) => form.change({ ...values, rules })}
                readOnly={view}
                isDisabled={disabled}
              />
            )}
          </Tabs>
        </div>
        <NotesField values={values} errors={errors.general} isDisabled={disabled} onChange={form.change} />
        {saving && (
          <div className="qm-form-overlay qm-form-overlay-cover" role="status">
            {/* RULE-04: over the Alert Rules tab it is the rules form's own text. */}
            <Text>{state.tab === 'rules' ? R.saving : M.saving}</Text>
          </div>
        )}
      </div>
    )
  }

  return (
    <Drawer
      isOpen={isOpen}
      onClose={() => void requestClose()}
      title={title}
      width={DRAWER_WIDTH_PX.monitor}
      footer={footer}
    >
      {body}
    </Drawer>
  )
}
