import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * The listening side both test proxies share (fault-proxy.ts between a gateway and its authority,
 * soak/device-proxy.ts between a device and its server): an HTTP server on a free loopback port that
 * knows its open sockets, so `close` ends kept-alive and hanging connections instead of waiting for them.
 */
export interface ProxyServer {
  readonly url: string
  close(): Promise<void>
}

export async function listenProxy(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<ProxyServer> {
  const sockets = new Set<Socket>()
  const server = createServer(handle)
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
