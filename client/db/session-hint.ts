/**
 * Which plant's local database the last session on this device used, kept synchronously readable
 * (localStorage) so a cold start can begin loading the session's code and opening that database at
 * once, before the device database has even answered who was signed in. Only a hint: the stored
 * identity decides, and a wrong hint only costs an extra open. Holds no secret.
 */
const KEY = 'qm-last-plant'

export interface PlantRef {
  readonly customerId: string
  readonly plantId: string
}

export function readSessionHint(): PlantRef | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(KEY)
    const hint = raw ? (JSON.parse(raw) as Partial<PlantRef>) : undefined
    return typeof hint?.customerId === 'string' && typeof hint.plantId === 'string'
      ? { customerId: hint.customerId, plantId: hint.plantId }
      : undefined
  } catch {
    return undefined
  }
}

export function writeSessionHint(plant: PlantRef | undefined): void {
  try {
    if (plant)
      globalThis.localStorage?.setItem(
        KEY,
        JSON.stringify({ customerId: plant.customerId, plantId: plant.plantId }),
      )
    else globalThis.localStorage?.removeItem(KEY)
  } catch {
    // Private mode or storage full: the hint is an optimisation only.
  }
}
