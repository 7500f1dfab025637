import { takeEvents } from '../../tests/integration/support/sse'

/**
 * Server-Sent Events from a fetch Response body, for benches (Node 20 has no EventSource; the framing
 * is tests/integration/support/sse.ts's `takeEvents`). The body is read continuously in the background and
 * each event's data is handed to `onEvent` with `performance.now()` taken when its bytes arrived, so
 * a latency can be measured without a consumer pulling events one at a time.
 */
export interface SseStream {
  /** Resolves when the stream ended (closed by either side); never rejects. */
  readonly ended: Promise<void>
  close(): Promise<void>
}

export function streamSse(response: Response, onEvent: (data: string, at: number) => void): SseStream {
  if (!response.body) throw new Error('response has no body')
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        const at = performance.now()
        const { events, rest } = takeEvents(buffer + decoder.decode(value, { stream: true }))
        buffer = rest
        for (const data of events) onEvent(data, at)
      }
    } catch {
      // Cancelled or cut: the stream is over.
    }
  })()
  return {
    ended,
    async close() {
      await reader.cancel().catch(() => {})
      await ended
    },
  }
}
