/**
 * Spectrum 3 fields take `validationState` (not `isInvalid`); with exactOptionalPropertyTypes the
 * prop must be absent rather than undefined when the value is fine.
 */
export const invalidWhen = (invalid: boolean): { validationState?: 'invalid' } =>
  invalid ? { validationState: 'invalid' } : {}
