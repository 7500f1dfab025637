import type { Signal } from '../../../shared/schema/signal'
import { getDocument, listDocuments } from '../../../sync-server/store/documents'
import type { DemoServer } from './test-server'

export type ErrorBody = { error: { code: string; message: string } }

/** A JSON body over the 1 MB limit (413). */
export const HUGE = JSON.stringify({ final: 'x'.repeat(1_100_000) })

/**
 * Reads of the demo plant's signals straight from the database (so tests find real ids instead of
 * hard-coding them) and the signal-attribute-update call. Reads `demo` lazily: use inside tests.
 */
export function signalHelpers(demo: DemoServer) {
  const signalsOf = async (lineId: string) =>
    (
      await listDocuments<Signal>(demo.server.services.db, 'cust-demo', 'signals', { fields: { lineId } })
    ).map((d) => d.data)
  const signal = async (id: string) =>
    (await getDocument<Signal>(demo.server.services.db, 'cust-demo', 'signals', id))!.data
  const first = async (lineId: string, pred: (s: Signal) => boolean) => (await signalsOf(lineId)).find(pred)!
  const attributeUpdate = (lineId: string, signals: unknown[], cookie = demo.admin) =>
    demo.server.call<Signal[] & ErrorBody>('PATCH', '/api/signal-attribute-update', cookie, {
      signalRequest: { customer_uuid: 'cust-demo', plant_uuid: 'plant-demo', line_uuid: lineId },
      signals,
    })
  return { signalsOf, signal, first, attributeUpdate }
}
