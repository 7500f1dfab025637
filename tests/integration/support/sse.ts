import { PING_EVENT } from '../../../shared/sync/protocol'

/** Reads Server-Sent Events from a fetch Response body (Node 20 has no EventSource). */
export interface SseReader {
  /** The next event's data, or throws after `timeoutMs`. */
  next(timeoutMs?: number): Promise<string>
  close(): Promise<void>
}

export function readSse(
  response: Response,
  /** Keep the heartbeat (`event: ping`) events too. */
  pings = false,
): SseReader {
  if (!response.body) throw new Error('response has no body')
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const queue: string[] = []

  const pump = async (): Promise<void> => {
    const { value, done } = await reader.read()
    if (done) throw new Error('stream ended')
    const { events, rest } = takeEvents(buffer + decoder.decode(value, { stream: true }), pings)
    buffer = rest
    queue.push(...events)
  }

  return {
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      while (queue.length === 0) {
        const left = deadline - Date.now()
        if (left <= 0) throw new Error('no event within timeout')
        let timer: NodeJS.Timeout | undefined
        await Promise.race([
          pump(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('no event within timeout')), left)
          }),
        ]).finally(() => clearTimeout(timer))
      }
      return queue.shift()!
    },
    async close() {
      await reader.cancel().catch(() => {})
    },
  }
}

/**
 * The complete events at the start of `text` (each event's data lines joined; comment-only events,
 * such as keep-alives, left out) and the incomplete rest. The one reading of the stream's framing
 * for Node, where there is no EventSource: tests, the Node client and the benchmarks use it.
 */
export function takeEvents(
  text: string,
  /** Keep the heartbeat (`event: ping`) events too, as EventSource listeners would hear them. */
  pings = false,
): { readonly events: string[]; readonly rest: string } {
  const events: string[] = []
  let rest = text.replace(/\r\n?/g, '\n')
  let cut: number
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const lines = rest.slice(0, cut).split('\n')
    const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, ''))
    const ping = lines.some((l) => l.replace(/^event: ?/, '') === PING_EVENT && l.startsWith('event:'))
    rest = rest.slice(cut + 2)
    if (data.length > 0 && (pings || !ping)) events.push(data.join('\n'))
  }
  return { events, rest }
}

/** Calls `onData` with each event's data until the body ends (throws when it is cut). */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onData: (data: string) => void,
  pings = false,
): Promise<void> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    const { events, rest } = takeEvents(buffer + decoder.decode(value, { stream: true }), pings)
    buffer = rest
    for (const data of events) onData(data)
  }
}
