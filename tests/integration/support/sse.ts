/** Reads Server-Sent Events from a fetch Response body (Node 20 has no EventSource). */
export interface SseReader {
  /** The next event's data, or throws after `timeoutMs`. */
  next(timeoutMs?: number): Promise<string>
  close(): Promise<void>
}

export function readSse(response: Response): SseReader {
  if (!response.body) throw new Error('response has no body')
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const queue: string[] = []

  const pump = async (): Promise<void> => {
    const { value, done } = await reader.read()
    if (done) throw new Error('stream ended')
    buffer += decoder.decode(value, { stream: true })
    let cut: number
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut)
      buffer = buffer.slice(cut + 2)
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
      if (data.length > 0) queue.push(data.join('\n'))
    }
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
