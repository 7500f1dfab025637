/**
 * The monitor form's React state: which monitor (or a new one), the mode, the values and where they
 * started, the tab, and whether errors are shown yet. A new opening (`session`) starts again; an
 * existing monitor starts from the local database once it and its rules have answered. The rules
 * of the form are in form-state.ts.
 */
import { useState } from 'react'
import { systemClock } from '../../../shared/time/clock'
import type { LocalDoc } from '../../db/collections'
import { useDoc } from '../../db/react/hooks'
import type { AdminMonitorType } from '../monitors/monitor-labels'
import {
  TABS_OF,
  correctValues,
  formValuesOf,
  newFormValues,
  rebaseValues,
  type FormTab,
  type MonitorFormValues,
  type Scope,
  type ViewMode,
} from './form-state'

/** What the drawer is asked to show. */
export type FormTarget =
  { readonly mode: 'CREATE' } | { readonly mode: 'VIEW' | 'EDIT'; readonly monitorId: string }

interface State {
  readonly key: string
  readonly mode: ViewMode
  readonly initial: MonitorFormValues
  readonly values: MonitorFormValues
  readonly tab: FormTab
  /** Errors are shown once the user tried to leave a tab or save (and always in EDIT: live). */
  readonly attempted: boolean
  readonly deploy: boolean
  /** Fields the user is editing that changed on another device meanwhile. */
  readonly underneath: ReadonlyArray<string>
}

export type FormLoad = 'loading' | 'ready' | 'error'

export function useMonitorForm(
  type: AdminMonitorType,
  target: FormTarget | undefined,
  session: number,
  scope: Scope | undefined,
) {
  const monitorId = target && target.mode !== 'CREATE' ? target.monitorId : undefined
  const monitorQ = useDoc('monitors', monitorId)
  const rulesQ = useDoc('monitorRules', monitorId)
  const [state, setState] = useState<State | undefined>()
  const key = `${session}:${monitorId ?? 'new'}`

  let load: FormLoad = 'loading'
  if (target?.mode === 'CREATE') load = scope ? 'ready' : 'loading'
  else if (monitorId !== undefined && !monitorQ.loading && !rulesQ.loading)
    load = monitorQ.data && monitorQ.data.monitor_type === type ? 'ready' : 'error'

  if (target && load === 'ready' && state?.key !== key) {
    const values =
      target.mode === 'CREATE'
        ? newFormValues(type, scope as Scope, systemClock)
        : formValuesOf(monitorQ.data as LocalDoc<'monitors'>, rulesQ.data?.rules, systemClock)
    setState({
      key,
      mode: target.mode,
      initial: values,
      values,
      tab: TABS_OF[type][0] as FormTab,
      attempted: false,
      deploy: true,
      underneath: [],
    })
  } else if (target && target.mode !== 'CREATE' && load === 'ready' && state?.key === key) {
    // The stored monitor or its rules moved while the form is open: follow them (ui-rules).
    const stored = formValuesOf(monitorQ.data as LocalDoc<'monitors'>, rulesQ.data?.rules, systemClock)
    const base = state.initial
    if (
      JSON.stringify(stored.monitor) !== JSON.stringify(base.monitor) ||
      JSON.stringify(stored.rules) !== JSON.stringify(base.rules)
    ) {
      const next = rebaseValues(base, state.values, stored)
      setState({
        ...state,
        initial: next.initial,
        values: next.values,
        underneath: [...new Set([...state.underneath, ...next.underneath])],
      })
    }
  }
  const current = state?.key === key ? state : undefined

  const update = (patch: Partial<Omit<State, 'key'>>) => setState((s) => (s ? { ...s, ...patch } : s))
  return {
    load,
    /**
     * RULE-04: the monitor's rules could not be read. The form still shows the monitor, but its
     * rules are unknown: the Alert Rules tab says so and nothing may be saved over them.
     */
    rulesFailed: rulesQ.error !== undefined,
    state: current,
    /** Every change of values passes the query correction (FLT-04). */
    change: (values: MonitorFormValues) => setState((s) => (s ? { ...s, values: correctValues(values) } : s)),
    setTab: (tab: FormTab) => update({ tab }),
    setMode: (mode: ViewMode) => update({ mode }),
    setAttempted: () => update({ attempted: true }),
    setDeploy: (deploy: boolean) => update({ deploy }),
    /** After a save: what is stored now is where the form starts (nothing unsaved). */
    markSaved: () => setState((s) => (s ? { ...s, initial: s.values } : s)),
  }
}
