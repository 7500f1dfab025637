import { request as httpRequest } from 'node:http'
import { describe, expect, test } from 'vitest'
import type { CollectionName } from '../../shared/sync/collections'
import { getDocument } from '../../sync-server/store/documents'
import { useHttpTestServer } from './support/http-test-server'
import { DEMO } from './support/test-server'

/**
 * Issue 25: the specification's DELETE calls carry no body, and a caller such as
 * `curl -X DELETE -b <cookie> …` sends neither a Content-Type nor a Content-Length. Over real HTTP
 * they must work; a body that is not JSON is still refused (415) and changes nothing.
 */
interface Answer {
  readonly status: number
  readonly body: string
}

describe('DELETE without a body over HTTP', () => {
  const http = useHttpTestServer()
  /** Whether the document is there and not deleted (a delete keeps a tombstone for replication). */
  const stored = async (collection: CollectionName, id: string) => {
    const doc = await getDocument(http.server.services.db, 'cust-demo', collection, id)
    return doc !== undefined && !doc.deleted
  }

  /**
   * A raw HTTP/1.1 request as curl sends it: the headers given, and a Content-Length only with a
   * body (Node's client does not frame a DELETE's body by itself).
   */
  function send(method: string, path: string, given: Record<string, string>, body?: string) {
    const headers =
      body === undefined ? given : { ...given, 'content-length': String(Buffer.byteLength(body)) }
    return new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(`${http.baseUrl}${path}`, { method, headers }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      })
      req.on('error', reject)
      req.end(body)
    })
  }

  const refusedAsNotJson = (answer: Answer) => {
    expect(answer.status).toBe(415)
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Request body must be JSON (Content-Type: application/json)',
      },
    })
  }

  const ROUTES: ReadonlyArray<[name: string, path: string, collection: CollectionName, id: string]> = [
    ['DS-03 a data source', '/api/data-sources/source-plc', 'dataSources', 'source-plc'],
    [
      'TEAMS-02 a Teams webhook',
      '/api/notifications/teams-webhooks/webhook-assembly',
      'teamsWebhooks',
      'webhook-assembly',
    ],
    [
      'ETQ-02 a Reliance configuration',
      '/api/reliance-configuration/lines/line-machining',
      'relianceConfigs',
      'reliance-line-machining',
    ],
  ]

  test.each(ROUTES)(
    '%s: a non-JSON body is refused with 415, then no body at all deletes it',
    async (_n, path, collection, id) => {
      const cookie = await http.server.signIn()
      for (const [headers, body] of [
        [{ 'content-type': 'text/plain' }, 'delete please'],
        [{ 'content-type': 'application/x-www-form-urlencoded' }, 'id=1'],
        [{}, '{"id":1}'],
      ] as const) {
        refusedAsNotJson(await send('DELETE', path, { cookie, ...headers }, body))
        expect(await stored(collection, id)).toBe(true)
      }
      const deleted = await send('DELETE', path, { cookie })
      expect(deleted).toEqual({ status: 204, body: '' })
      expect(await stored(collection, id)).toBe(false)
      // Gone: a second delete answers what is true now, not 415.
      expect((await send('DELETE', path, { cookie })).status).toBe(404)
    },
  )

  test('DS-03 a body-less delete still answers 401 without a session and 403 for a non-administrator', async () => {
    expect((await send('DELETE', '/api/data-sources/source-vision', {})).status).toBe(401)
    const operator = await http.server.signIn(DEMO.userEmail, DEMO.userPassword)
    expect((await send('DELETE', '/api/data-sources/source-vision', { cookie: operator })).status).toBe(403)
    expect(await stored('dataSources', 'source-vision')).toBe(true)
  })

  test('SHELL sign-out: DELETE /api/session without a body ends the session; a non-JSON body ends nothing', async () => {
    const cookie = await http.server.signIn()
    const session = () => send('GET', '/api/session', { cookie })
    refusedAsNotJson(await send('DELETE', '/api/session', { cookie, 'content-type': 'text/plain' }, 'bye'))
    expect((await session()).status).toBe(200)
    expect((await send('DELETE', '/api/session', { cookie })).status).toBe(204)
    expect((await session()).status).toBe(401)
  })

  test('a JSON body on a delete is still accepted (the app sends one today)', async () => {
    const cookie = await http.server.signIn()
    const answer = await send(
      'DELETE',
      '/api/data-sources/source-mes',
      { cookie, 'content-type': 'application/json' },
      '{}',
    )
    expect(answer).toEqual({ status: 204, body: '' })
    expect(await stored('dataSources', 'source-mes')).toBe(false)
  })
})
