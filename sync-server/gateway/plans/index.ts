import type { IntentArgs, IntentName } from '../../../shared/intents'
import type { PlanBuilder } from '../plan'
import { deleteDataSource } from './data-sources'
import {
  deleteRelianceConfig,
  deleteTeamsWebhook,
  saveRelianceConfig,
  saveTeamsWebhook,
} from './integrations'
import { saveSignalLimits } from './limits'
import { setLineActive, updateLineSettings } from './lines'
import {
  createMonitor,
  deleteMonitor,
  saveAlertRules,
  setCapAlert,
  setMonitorActive,
  updateMonitor,
  updateMonitorSwitches,
} from './monitors'
import { saveSignalAssociations, updateSignals } from './signal-associations'
import {
  changeSignalEntityType,
  renameSignal,
  saveResultClassifications,
  setQualityCharacteristic,
  setSignalDistribution,
  setSignalStatus,
} from './signals'
import { setStationFinal } from './stations'
import { addUser, deleteUser, setUserLocation, setUserRole } from './users'

/**
 * The upstream plan of every intent (gateway mode, docs/gateway.md), one module per area like
 * shared/intents/. `satisfies` keeps the list complete: a new intent without a plan does not compile.
 */
export const PLANS = {
  setLineActive,
  updateLineSettings,
  createMonitor,
  updateMonitor,
  setMonitorActive,
  updateMonitorSwitches,
  deleteMonitor,
  saveAlertRules,
  setCapAlert,
  saveTeamsWebhook,
  deleteTeamsWebhook,
  saveRelianceConfig,
  deleteRelianceConfig,
  addUser,
  setUserRole,
  setUserLocation,
  deleteUser,
  deleteDataSource,
  setStationFinal,
  setSignalStatus,
  renameSignal,
  changeSignalEntityType,
  setSignalDistribution,
  setQualityCharacteristic,
  saveResultClassifications,
  saveSignalAssociations,
  updateSignals,
  saveSignalLimits,
} satisfies { readonly [N in IntentName]: PlanBuilder<IntentArgs<N>> }

export const planFor = (name: IntentName): PlanBuilder<unknown> => PLANS[name] as PlanBuilder<unknown>
