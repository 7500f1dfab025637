/**
 * Loads session-code.ts once per page. Kept apart from it: importing this file must not pull the
 * session's code into the first screen's bundle (the type import below is erased).
 */
import type * as SessionCodeModule from './session-code'

export type SessionCode = typeof SessionCodeModule

let loading: Promise<SessionCode> | undefined

export function loadSessionCode(): Promise<SessionCode> {
  loading ??= import('./session-code')
  return loading
}
