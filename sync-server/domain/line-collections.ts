/** The rules of the line-management and signal-management collections (registry.ts reads these). */
export { lineRules } from './line-collection'
export { stationRules } from './line-stations'
export { signalRules } from './signal-collection'
export { signalLimitRules } from './signal-limit-collection'
