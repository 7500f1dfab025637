import { Messages } from '../../../shared/validation/messages'

/** Status, friendly name and quality characteristic have no error text of their own in the spec. */
export const GENERIC_FAILURE = Messages.monitor.unableToSaveBody
