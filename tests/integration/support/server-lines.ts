import type { TestServer } from './test-server'

/** A line's ingestion threshold (hours) as the server answers GET /api/lines/{id} to the cookie. */
export async function serverThresholdHours(
  server: TestServer,
  cookie: string,
  lineId: string,
): Promise<number> {
  const res = await server.call<{ ingestionThresholdHours: number }>('GET', `/api/lines/${lineId}`, cookie)
  return res.body.ingestionThresholdHours
}
