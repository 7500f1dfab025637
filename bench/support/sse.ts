/**
 * Server-Sent Events from a fetch Response body, for benches (Node 20 has no EventSource; the same
 * framing as tests/integration/support/sse.ts). The body is read continuously in the background and
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
        buffer += decoder.decode(value, { stream: true })
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trimStart())
          // Comment lines (": keep-alive") carry no data.
          if (data.length > 0) onEvent(data.join('\n'), at)
        }
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
