import { Temporal } from 'temporal-polyfill'

/**
 * Where "now" comes from. Every rule that depends on the current time (future dates disabled, the
 * Now button, No Ingestion, period resolution) takes a Clock, so tests and the server's replays can
 * fix time instead of racing the wall clock. Nothing else in shared/ reads the system time.
 */
export interface Clock {
  now(): Temporal.Instant
}

/** The real clock. The only place in shared/ that reads the system time. */
export const systemClock: Clock = {
  now: () => Temporal.Now.instant(),
}

/** A clock stopped at one instant, e.g. `fixedClock('2026-03-08T08:30:00Z')`. Throws on a string that is not an instant. */
export const fixedClock = (iso: string): Clock => {
  const instant = Temporal.Instant.from(iso)
  return { now: () => instant }
}
