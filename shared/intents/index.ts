import { Messages } from '../validation/messages'
import type { IntentDefinition } from './intent'
import { upgradeArgs, type ArgsUpgrade } from './upgrade'
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
import { deleteDataSource } from './data-sources'
import {
  deleteRelianceConfig,
  deleteTeamsWebhook,
  saveRelianceConfig,
  saveTeamsWebhook,
} from './integrations'
import { addUser, deleteUser, setUserLocation, setUserRole } from './users'
import { saveSignalLimits } from './limits'
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

/**
 * Everything a user can do, by area. Each entry is a named intent (shared/intents/intent.ts): its
 * argument schema and the one pure function that turns the current documents into the changes the
 * action makes. The device and the server both run exactly these; nothing writes documents any
 * other way, except what the server records on its own through the same write path (a Reliance
 * connection test's result, sync-server/domain/reliance-connection.ts), which no device can push.
 * Read an area's module to learn its rules.
 */
export const INTENTS = {
  // Line Management (lines.ts)
  setLineActive,
  updateLineSettings,
  // Monitors, alert rules and the Cap Alerts toggle (monitors.ts)
  createMonitor,
  updateMonitor,
  setMonitorActive,
  updateMonitorSwitches,
  deleteMonitor,
  saveAlertRules,
  setCapAlert,
  // Integrations, users and data sources (integrations.ts, users.ts, data-sources.ts)
  saveTeamsWebhook,
  deleteTeamsWebhook,
  saveRelianceConfig,
  deleteRelianceConfig,
  addUser,
  setUserRole,
  setUserLocation,
  deleteUser,
  deleteDataSource,
  // Signal Management: stations, signals and their links, Cap Limits
  // (stations.ts, signals.ts, signal-associations.ts, limits.ts)
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
} as const

export type IntentName = keyof typeof INTENTS
export type IntentArgs<N extends IntentName> =
  (typeof INTENTS)[N] extends IntentDefinition<infer A> ? A : never

export const isIntentName = (name: string): name is IntentName => Object.hasOwn(INTENTS, name)

/** The definition of a named intent, typed loosely for hosts that handle any of them. */
export const intentNamed = (name: IntentName): IntentDefinition<unknown> =>
  INTENTS[name] as unknown as IntentDefinition<unknown>

/**
 * An action as another app version stored or sent it, brought to this version's arguments, or why
 * it cannot be (shared/intents/upgrade.ts): an unknown name is an action that no longer exists.
 */
export const upgradeAction = (name: string, version: number | undefined, args: unknown): ArgsUpgrade =>
  isIntentName(name)
    ? upgradeArgs(intentNamed(name), version, args)
    : { ok: false, reason: Messages.sync.olderAppChange(Messages.sync.actionRemoved(name)) }

/** The arguments an answered action keeps on the device (see IntentDefinition.forgetAfterSend). */
export const argsKeptAfterSend = (name: string, args: unknown): unknown => {
  if (!isIntentName(name)) return args
  return intentNamed(name).forgetAfterSend?.(args) ?? args
}
