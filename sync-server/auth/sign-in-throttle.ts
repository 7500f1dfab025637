import {
  SIGN_IN_FAILURE_WINDOW_MINUTES,
  SIGN_IN_MAX_FAILURES_PER_ADDRESS,
  SIGN_IN_MAX_FAILURES_PER_EMAIL,
} from '../../shared/constants'

/**
 * Counts wrong passwords per (e-mail, address) and per address in a fixed window, in this process's
 * memory: a restart forgets them, and several instances each count their own (README "Decisions").
 * Failures for unknown e-mails count like known ones, so the answer tells nothing about accounts.
 */
export interface SignInThrottle {
  /** Minutes until the caller may try again, or 0 when not throttled. */
  blockedFor(email: string, address: string): number
  recordFailure(email: string, address: string): void
  recordSuccess(email: string, address: string): void
}

interface Window {
  readonly startedAt: number
  failures: number
}

/** Bound on remembered keys, so a flood of made-up e-mails cannot grow memory without limit. */
const MAX_KEYS = 50_000

export function createSignInThrottle(now: () => number = Date.now): SignInThrottle {
  const windowMs = SIGN_IN_FAILURE_WINDOW_MINUTES * 60_000
  const windows = new Map<string, Window>()
  const emailKey = (email: string, address: string) => `e:${email.trim().toLowerCase()}|${address}`
  const addressKey = (address: string) => `a:${address}`

  const current = (key: string): Window | undefined => {
    const w = windows.get(key)
    if (w && now() - w.startedAt >= windowMs) {
      windows.delete(key)
      return undefined
    }
    return w
  }
  const minutesLeft = (w: Window) => Math.max(1, Math.ceil((w.startedAt + windowMs - now()) / 60_000))
  const bump = (key: string) => {
    const w = current(key)
    if (w) w.failures++
    else {
      if (windows.size >= MAX_KEYS) {
        // Maps iterate in insertion order: drop the oldest window.
        const oldest = windows.keys().next().value
        if (oldest !== undefined) windows.delete(oldest)
      }
      windows.set(key, { startedAt: now(), failures: 1 })
    }
  }

  return {
    blockedFor(email, address) {
      const perEmail = current(emailKey(email, address))
      if (perEmail && perEmail.failures >= SIGN_IN_MAX_FAILURES_PER_EMAIL) return minutesLeft(perEmail)
      const perAddress = current(addressKey(address))
      if (perAddress && perAddress.failures >= SIGN_IN_MAX_FAILURES_PER_ADDRESS)
        return minutesLeft(perAddress)
      return 0
    },
    recordFailure(email, address) {
      bump(emailKey(email, address))
      bump(addressKey(address))
    },
    recordSuccess(email, address) {
      windows.delete(emailKey(email, address))
    },
  }
}
