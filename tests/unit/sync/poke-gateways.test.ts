import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { CollectionName } from '../../../shared/sync/collections'
import { createLocalChangeBus, type ChangeBus } from '../../../sync-server/replication/change-bus'
import { pokeGateways } from '../../../sync-server/replication/poke-gateways'

/**
 * GATEWAY_POKE_URLS (sync-server/replication/poke-gateways.ts): after a change, the gateways in
 * front of this server are asked to read it at once. What a gateway sees: one POST per customer for
 * a burst of changes, carrying only the customer's id (and the bearer token it expects), and nothing
 * once the poking is stopped.
 */
interface Poke {
  readonly path: string
  readonly method: string
  readonly authorization: string | undefined
  readonly contentType: string | undefined
  readonly body: unknown
}

/** A tiny HTTP server standing in for a gateway: records every request it gets. */
async function fakeGateway(): Promise<{ server: Server; url: (path?: string) => string; pokes: Poke[] }> {
  const pokes: Poke[] = []
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    req.on('end', () => {
      pokes.push({
        path: req.url ?? '',
        method: req.method ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      })
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, url: (path = '/gateway/poke') => `http://127.0.0.1:${port}${path}`, pokes }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `count` pokes arrived (or 3 s passed), then a while longer, so a late extra one shows. */
async function pokesAfter(pokes: Poke[], count: number): Promise<Poke[]> {
  const deadline = Date.now() + 3000
  while (pokes.length < count && Date.now() < deadline) await sleep(10)
  await sleep(300)
  return pokes
}

const notice = (customerId: string, seq: number, collection: CollectionName = 'lines') =>
  ({ customerId, collection, seq }) as const satisfies Parameters<ChangeBus['publish']>[0]

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setUp(token?: string) {
  const gateway = await fakeGateway()
  cleanups.push(() => new Promise((resolve) => gateway.server.close(resolve)))
  const bus = createLocalChangeBus()
  cleanups.push(() => bus.close())
  const stop = pokeGateways(bus, [gateway.url()], token)
  cleanups.push(stop)
  return { ...gateway, bus, stop }
}

describe('pokeGateways', () => {
  it('OFF-03 a burst of changes of one customer is one POST with its id and what changed', async () => {
    const { bus, pokes } = await setUp()
    for (let seq = 1; seq <= 5; seq++) bus.publish(notice('cust-demo', seq))
    await sleep(20)
    bus.publish(notice('cust-demo', 6, 'monitors'))

    expect(await pokesAfter(pokes, 1)).toEqual([
      {
        path: '/gateway/poke',
        method: 'POST',
        authorization: undefined,
        contentType: 'application/json',
        body: { customerId: 'cust-demo', collections: ['lines', 'monitors'] },
      },
    ])
  })

  it('OFF-03 with a token, the POST carries it as a bearer token', async () => {
    const { bus, pokes } = await setUp('s3cret-poke')
    bus.publish(notice('cust-demo', 1))
    bus.publish(notice('cust-demo', 2))
    const seen = await pokesAfter(pokes, 1)
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({
      authorization: 'Bearer s3cret-poke',
      body: { customerId: 'cust-demo', collections: ['lines'] },
    })
  })

  it('OFF-03 changes of two customers are two POSTs, one per customer', async () => {
    const { bus, pokes } = await setUp()
    bus.publish(notice('cust-demo', 1))
    bus.publish(notice('cust-other', 1))
    bus.publish(notice('cust-demo', 2))
    bus.publish(notice('cust-other', 2))
    const seen = await pokesAfter(pokes, 2)
    expect(seen.map((p) => p.body)).toEqual(
      expect.arrayContaining([
        { customerId: 'cust-demo', collections: ['lines'] },
        { customerId: 'cust-other', collections: ['lines'] },
      ]),
    )
    expect(seen).toHaveLength(2)
  })

  it('OFF-03 a change after the previous poke went out is poked again', async () => {
    const { bus, pokes } = await setUp()
    bus.publish(notice('cust-demo', 1))
    await pokesAfter(pokes, 1)
    bus.publish(notice('cust-demo', 2))
    const seen = await pokesAfter(pokes, 2)
    expect(seen.map((p) => p.body)).toEqual([
      { customerId: 'cust-demo', collections: ['lines'] },
      { customerId: 'cust-demo', collections: ['lines'] },
    ])
  })

  it('OFF-03 every gateway listed is poked', async () => {
    const one = await fakeGateway()
    const two = await fakeGateway()
    cleanups.push(() => new Promise((resolve) => one.server.close(resolve)))
    cleanups.push(() => new Promise((resolve) => two.server.close(resolve)))
    const bus = createLocalChangeBus()
    cleanups.push(() => bus.close())
    cleanups.push(pokeGateways(bus, [one.url(), two.url('/other/poke')]))
    bus.publish(notice('cust-demo', 1))
    expect((await pokesAfter(one.pokes, 1)).map((p) => [p.path, p.body])).toEqual([
      ['/gateway/poke', { customerId: 'cust-demo', collections: ['lines'] }],
    ])
    expect((await pokesAfter(two.pokes, 1)).map((p) => [p.path, p.body])).toEqual([
      ['/other/poke', { customerId: 'cust-demo', collections: ['lines'] }],
    ])
  })

  it('OFF-03 after stop nothing is posted, not even for a change noticed just before', async () => {
    const { bus, pokes, stop } = await setUp()
    bus.publish(notice('cust-demo', 1))
    stop()
    bus.publish(notice('cust-other', 1))
    await sleep(400)
    expect(pokes).toEqual([])
  })

  it('OFF-03 a gateway that cannot be reached does not stop the pokes of the others', async () => {
    const gone = await fakeGateway()
    const goneUrl = gone.url()
    await new Promise((resolve) => gone.server.close(resolve))
    const live = await fakeGateway()
    cleanups.push(() => new Promise((resolve) => live.server.close(resolve)))
    const bus = createLocalChangeBus()
    cleanups.push(() => bus.close())
    cleanups.push(pokeGateways(bus, [goneUrl, live.url()]))
    bus.publish(notice('cust-demo', 1))
    await pokesAfter(live.pokes, 1)
    bus.publish(notice('cust-demo', 2))
    expect((await pokesAfter(live.pokes, 2)).map((p) => p.body)).toEqual([
      { customerId: 'cust-demo', collections: ['lines'] },
      { customerId: 'cust-demo', collections: ['lines'] },
    ])
  })
})
