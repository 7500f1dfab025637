import { describe, expect, test } from 'vitest'
import { MAX_REQUEST_BODY_BYTES, MAX_REQUEST_BODY_DEPTH } from '../../shared/constants'
import { Messages } from '../../shared/validation/messages'
import { DEMO_IDS } from '../../sync-server/seed/demo-ids'
import { FUZZ_ROUTES } from './support/fuzz-routes'
import { useHttpTestServer } from './support/http-test-server'
import { DEMO } from './support/test-server'

/**
 * HARDEN (issue 28): one request must never stall everyone. A JSON body nested deeply, well under
 * the 1 MB limit, once took seconds to refuse (10.7 s for 40,000 levels) while no other request was
 * answered. Over real HTTP: every route that reads a body refuses one nested past
 * MAX_REQUEST_BODY_DEPTH with 400 before parsing it, at any depth up to the body limit, and a
 * request sent while the deepest ones are being refused is answered.
 */
const REFUSAL = Messages.server.nestedTooDeeply(MAX_REQUEST_BODY_DEPTH)

const PARAMS: Readonly<Record<string, string>> = {
  customerId: 'cust-demo',
  plantId: DEMO_IDS.plant,
  lineId: DEMO_IDS.lines.assembly,
  userId: DEMO_IDS.users.operator,
  monitorId: 'monitor-unknown',
  id: 'unknown',
  collection: 'lines',
}
const fill = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => PARAMS[name] ?? name)

/** `levels` arrays nested in one another, closed; the unclosed form reaches the body limit. */
const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)

describe('HARDEN deeply nested request bodies over HTTP', () => {
  const http = useHttpTestServer()
  let cookie = ''

  const send = async (method: string, path: string, body: string, headers: Record<string, string> = {}) => {
    const res = await fetch(http.baseUrl + path, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
      body,
    })
    const text = await res.text()
    return {
      status: res.status,
      message: (JSON.parse(text) as { error?: { message?: string } }).error?.message,
    }
  }

  test('HARDEN one level past the limit is refused with 400 on every route that reads a body', async () => {
    const res = await fetch(`${http.baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.adminEmail, password: DEMO.adminPassword }),
    })
    expect(res.status).toBe(200)
    cookie = res.headers.get('set-cookie')!.split(';')[0]!

    const withBody = FUZZ_ROUTES.filter((r) => r.body !== undefined && !r.push)
    expect(withBody.length).toBeGreaterThan(30)
    const tooDeep = nestedArrays(MAX_REQUEST_BODY_DEPTH + 1)
    const answers = []
    for (const route of withBody) {
      const answer = await send(route.method, fill(route.path), tooDeep)
      answers.push({ route: `${route.method} ${route.path}`, ...answer })
    }
    expect(answers.filter((a) => a.status !== 400 || a.message !== REFUSAL)).toEqual(
      // Retired before any body is read: an old device's document push is told to upgrade.
      [{ route: 'POST /sync/:collection/push', status: 426, message: Messages.sync.upgradeRequired }],
    )
    // At the limit it is read and judged by its schema like any body: refused, but not for its depth.
    const atLimit = await send('POST', '/sync/intents', nestedArrays(MAX_REQUEST_BODY_DEPTH))
    expect(atLimit.status).toBe(400)
    expect(atLimit.message).not.toBe(REFUSAL)
  })

  test.each([
    ['10,000 levels', nestedArrays(10_000)],
    ['40,000 levels', nestedArrays(40_000)],
    ['300,000 levels', nestedArrays(300_000)],
    ['objects, 80,000 levels', '{"a":'.repeat(80_000) + '1' + '}'.repeat(80_000)],
    ['unclosed, up to the body limit', '['.repeat(MAX_REQUEST_BODY_BYTES)],
  ])('HARDEN %s: refused with 400 on REST, the pull and the push of actions', async (_name, body) => {
    for (const [method, path, headers] of [
      ['POST', '/api/session', {}],
      ['PATCH', `/api/lines/${DEMO_IDS.lines.assembly}`, { 'idempotency-key': 'deep-body' }],
      ['POST', '/sync/monitors/pull', {}],
      ['POST', '/sync/intents', {}],
    ] as const) {
      const started = performance.now()
      const answer = await send(method, path, body, headers)
      const ms = performance.now() - started
      console.log(
        `${body.length} bytes to ${method} ${path}: refused in ${ms.toFixed(1)} ms (goal: a few ms)`,
      )
      expect({ path, ...answer }).toEqual({ path, status: 400, message: REFUSAL })
    }
  })

  test('HARDEN a request sent while the deepest bodies are being refused is answered', async () => {
    // Closed, so it is valid JSON: before the depth check, walking its parsed value took minutes.
    const deepest = nestedArrays(MAX_REQUEST_BODY_BYTES / 2 - 1)
    const refusals = Array.from({ length: 4 }, () => send('POST', '/sync/intents', deepest))
    const session = fetch(`${http.baseUrl}/api/session`, { headers: { cookie } })
    const [answered, ...refused] = await Promise.all([session, ...refusals])
    expect(answered.status).toBe(200)
    expect(((await answered.json()) as { email: string }).email).toBe(DEMO.adminEmail)
    for (const r of refused) expect(r).toEqual({ status: 400, message: REFUSAL })
  })
})
