/**
 * USER-02: the row being added, kept in sessionStorage while it is edited, so what was typed survives
 * leaving the section, a reload or a crash of the tab (nothing typed is lost); Save or Cancel ends it.
 * Its user id is minted when the row opens, so a retried Save is the same action.
 */
import { useCallback, useMemo } from 'react'
import { useSessionValue } from '../../components/session-value'

export interface NewUserDraft {
  readonly userId: string
  readonly email: string
  /** A plant id ('' until one is chosen). */
  readonly locationPlantId: string
  /** Set once Save was tried: the rules' messages show from then on. */
  readonly tried: boolean
}

/** Per signed-in user: another administrator signing in on this tab starts without it. */
const keyOf = (userId: string) => `qm.users.newUser.${userId}`

export function useNewUserDraft(userId: string, defaultPlantId: string) {
  const [raw, setRaw] = useSessionValue(keyOf(userId))
  const draft = useMemo(() => parse(raw), [raw])
  const open = useCallback(
    () =>
      setRaw(
        JSON.stringify({
          userId: crypto.randomUUID(),
          email: '',
          locationPlantId: defaultPlantId,
          tried: false,
        } satisfies NewUserDraft),
      ),
    [defaultPlantId, setRaw],
  )
  const update = useCallback(
    (patch: Partial<NewUserDraft>) => {
      const current = parse(raw)
      if (current) setRaw(JSON.stringify({ ...current, ...patch }))
    },
    [raw, setRaw],
  )
  const close = useCallback(() => setRaw(undefined), [setRaw])
  return { draft, open, update, close }
}

function parse(raw: string | undefined): NewUserDraft | undefined {
  if (!raw) return undefined
  try {
    const value = JSON.parse(raw) as NewUserDraft
    return typeof value.userId === 'string' && typeof value.email === 'string' ? value : undefined
  } catch {
    return undefined
  }
}
