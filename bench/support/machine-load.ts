import { cpus, loadavg } from 'node:os'

/** The machine's load beside a figure: a bench shares its cores with whatever else runs. */
export const machineLoad = (): string =>
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min)`
