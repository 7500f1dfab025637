/**
 * Spectrum 3 fields take `validationState` (not `isInvalid`); with exactOptionalPropertyTypes the
 * prop must be absent rather than undefined when the value is fine.
 */
export const invalidWhen = (invalid: boolean): { validationState?: 'invalid' } =>
  invalid ? { validationState: 'invalid' } : {}

/**
 * The keys of an inline editor (a grid cell, a row being added): Enter saves, Escape cancels, every
 * other key goes on to Spectrum. preventDefault, so an Enter that moves focus back to the cell's
 * button does not press that button again.
 */
export const enterSavesEscapeCancels =
  (onEnter: () => void, onEscape: () => void) =>
  (e: { key: string; preventDefault(): void; continuePropagation(): void }): void => {
    if (e.key === 'Enter') {
      e.preventDefault()
      onEnter()
    } else if (e.key === 'Escape') {
      e.preventDefault()
      onEscape()
    } else e.continuePropagation()
  }
