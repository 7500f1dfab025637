/** MON-07: the existing duplicate's id in a refusal (the device's or the server's), if it is one. */
export const duplicateOf = (rejection: {
  readonly code: string
  readonly details?: Readonly<Record<string, unknown>>
}): string | undefined => {
  if (rejection.code !== 'DUPLICATE_MONITOR') return undefined
  const id = rejection.details?.['monitor_uuid'] ?? rejection.details?.['task_uuid']
  return typeof id === 'string' && id !== '' ? id : undefined
}
