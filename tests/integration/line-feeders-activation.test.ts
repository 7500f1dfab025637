import { describe, expect, it } from 'vitest'
import type { Line } from '../../shared/schema/line'
import type { Monitor } from '../../shared/schema/monitor'
import { listDocuments } from '../../sync-server/store/documents'
import { pushDocuments, pushIntent, pushIntents } from './monitor-fixtures'
import { DATABASE_KINDS, useDemoServer } from './support/test-server'

/**
 * Line Management's feeder lines (LINE-06) and activation (LINE-03), over REST and as intents pushed
 * to `POST /sync/intents` (shared/intents/lines.ts).
 */

const CIRCULAR =
  'The update introduces a circular dependency, where the feeder line eventually references itself through one or more connections. Please check the feeder lines and try again.'

type Doc = Record<string, unknown>
type ErrorBody = { error: { code: string; message: string } }

describe.each(DATABASE_KINDS)('%s', (kind) => {
  const demo = useDemoServer(kind, { signIn: ['admin'] })

  const getLine = async (id: string) =>
    (await demo.server.call<Line>('GET', `/api/lines/${id}`, demo.admin)).body
  const patchLine = (id: string, body: unknown, cookie = demo.admin) =>
    demo.server.call<Line & ErrorBody>('PATCH', `/api/lines/${id}`, cookie, body)
  const monitorsOf = async (lineId: string) =>
    (
      await listDocuments<Monitor>(demo.server.services.db, 'cust-demo', 'monitors', {
        plantId: 'plant-demo',
      })
    )
      .map((m) => m.data)
      .filter((m) => m.monitor_filter.line_uuid === lineId)
  const activeIds = (monitors: ReadonlyArray<Monitor>) =>
    monitors
      .filter((m) => m.active)
      .map((m) => m.monitor_uuid)
      .sort()
  const pullLines = async (cookie = demo.admin) => {
    const res = await demo.server.call<{ documents: Doc[] }>('POST', '/sync/lines/pull', cookie, {
      checkpoint: null,
      batchSize: 1000,
    })
    return res.body.documents
  }
  const settings = (lineId: string, changes: Record<string, unknown>) =>
    pushIntent(demo.server, demo.admin, { name: 'updateLineSettings', args: { lineId, changes } })

  describe('LINE-06 feeder lines', () => {
    it('LINE-06 a feeder change that closes a cycle answers 409 with the exact message', async () => {
      // assembly ← machining ← paint: paint fed by assembly closes the loop.
      const res = await patchLine('line-paint', { feederLineIds: ['line-assembly'] })
      expect(res.status).toBe(409)
      expect(res.body.error).toMatchObject({ code: 'CIRCULAR_FEEDER', message: CIRCULAR })
      expect((await getLine('line-paint')).feederLineIds).toEqual([])
    })

    it('LINE-06 a line cannot feed itself; feeders must be lines of the same plant', async () => {
      const self = await patchLine('line-paint', { feederLineIds: ['line-paint'] })
      expect(self.status).toBe(400)
      expect(self.body.error.message).toBe('A line cannot feed itself')
      for (const feeder of ['no-such-line', 'line-other']) {
        const res = await patchLine('line-paint', { feederLineIds: [feeder] })
        expect(res.status).toBe(400)
        expect(res.body.error.message).toBe('Feeder line not found')
      }
    })

    it('LINE-06 an acyclic feeder change is saved', async () => {
      const res = await patchLine('line-packaging', { feederLineIds: ['line-paint', 'line-assembly'] })
      expect(res.status).toBe(200)
      expect(res.body.feederLineIds).toEqual(['line-paint', 'line-assembly'])
      expect((await patchLine('line-packaging', { feederLineIds: [] })).status).toBe(200)
    })

    it('LINE-06 a pushed cycle is rejected with CIRCULAR_FEEDER and the same message', async () => {
      const master = (await pullLines()).find((d) => d.id === 'line-paint')!
      const res = await settings('line-paint', { feederLineIds: ['line-assembly'] })
      expect(res).toEqual({
        id: res.id,
        status: 'rejected',
        rejection: { code: 'CIRCULAR_FEEDER', status: 409, message: CIRCULAR },
      })
      expect((await pullLines()).find((d) => d.id === 'line-paint')).toMatchObject({
        feederLineIds: [],
        revision: master.revision,
      })
    })
  })

  describe('LINE-03 activate and deactivate', () => {
    it('LINE-03 deactivating stops every monitor of the line; reactivating restores exactly those', async () => {
      const before = await monitorsOf('line-paint')
      const wasActive = activeIds(before)
      expect(wasActive.length).toBeGreaterThan(0)
      expect(before.some((m) => !m.active)).toBe(true)

      const off = await patchLine('line-paint', { active: false })
      expect(off.status).toBe(200)
      expect(off.body).toMatchObject({ active: false, activeMonitorsCount: 0 })
      expect(activeIds(await monitorsOf('line-paint'))).toEqual([])
      // Other lines keep their monitors running.
      expect(activeIds(await monitorsOf('line-assembly')).length).toBeGreaterThan(0)

      const on = await patchLine('line-paint', { active: true })
      expect(on.body).toMatchObject({ active: true, activeMonitorsCount: wasActive.length })
      expect(activeIds(await monitorsOf('line-paint'))).toEqual(wasActive)
    })

    it('LINE-03 through replication: the stopped monitors replicate, and a monitor deleted meanwhile stays deleted', async () => {
      const wasActive = activeIds(await monitorsOf('line-machining'))
      const res = await pushIntent(demo.server, demo.admin, {
        name: 'setLineActive',
        args: { lineId: 'line-machining', active: false },
      })
      expect(res.status).toBe('applied')
      // One action, one transaction: the line and every monitor it stopped are in the answer.
      const written = res.status === 'applied' ? res.documents : []
      expect(
        written
          .filter((d) => d.collection === 'monitors')
          .map((d) => d.document.monitor_uuid)
          .sort(),
      ).toEqual(wasActive)
      const pulled = await demo.server.call<{ documents: Array<Monitor & { _deleted: boolean }> }>(
        'POST',
        '/sync/monitors/pull',
        demo.admin,
        { checkpoint: null, batchSize: 1000 },
      )
      const machining = pulled.body.documents.filter((m) => m.monitor_filter.line_uuid === 'line-machining')
      expect(machining.length).toBeGreaterThan(0)
      expect(machining.every((m) => !m.active)).toBe(true)
      const line = (await pullLines()).find((d) => d.id === 'line-machining')!
      expect(line).toMatchObject({ active: false, activeMonitorsCount: 0 })

      const on = await patchLine('line-machining', { active: true })
      expect(on.body.activeMonitorsCount).toBe(wasActive.length)
      expect(activeIds(await monitorsOf('line-machining'))).toEqual(wasActive)
    })

    it('LINE-03 an inactive line round trip: off stops all, on restores the same set, repeatedly', async () => {
      expect(activeIds(await monitorsOf('line-packaging'))).toEqual([])
      const firstOn = await patchLine('line-packaging', { active: true })
      expect(firstOn.status).toBe(200)
      const restored = activeIds(await monitorsOf('line-packaging'))
      expect(firstOn.body.activeMonitorsCount).toBe(restored.length)
      const off = await patchLine('line-packaging', { active: false })
      expect(off.body).toMatchObject({ active: false, activeMonitorsCount: 0 })
      expect(activeIds(await monitorsOf('line-packaging'))).toEqual([])
      const againOn = await patchLine('line-packaging', { active: true })
      expect(activeIds(await monitorsOf('line-packaging'))).toEqual(restored)
      expect(againOn.body.activeMonitorsCount).toBe(restored.length)
      await patchLine('line-packaging', { active: false })
    })
  })

  describe('replication of lines', () => {
    it('a valid pushed edit is applied; a pushed change of a server-owned field is refused and changes nothing', async () => {
      const master = (await pullLines()).find((d) => d.id === 'line-assembly')!
      const renamed = await settings('line-assembly', { excludedPartIds: ['P-0009'], name: 'RENAMED' })
      expect(renamed.status).toBe('rejected')
      expect((await getLine('line-assembly')).excludedPartIds).toEqual(master.excludedPartIds)
      const res = await settings('line-assembly', {
        excludedPartIds: ['P-0001', 'P-0002'],
        name: master.name,
      })
      expect(res.status).toBe('applied')
      const line = await getLine('line-assembly')
      expect(line.excludedPartIds).toEqual(['P-0001', 'P-0002'])
      expect(line.name).toBe(master.name)
      await patchLine('line-assembly', { excludedPartIds: ['P-0001'] })
    })

    it('clients cannot create or delete lines: no such action, and the document push answers 426', async () => {
      const master = (await pullLines()).find((d) => d.id === 'line-assembly')!
      const res = await pushIntents(demo.server, demo.admin, [
        { name: 'createLine', args: { line: { ...master, id: 'line-new' } } },
        { name: 'deleteLine', args: { lineId: 'line-assembly' } },
      ])
      expect(res.body.results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
      const old = await pushDocuments(demo.server, demo.admin, 'lines', [
        { assumedMasterState: master, newDocumentState: { ...master, _deleted: true } },
      ])
      expect(old.status).toBe(426)
      expect((await getLine('line-assembly')).id).toBe('line-assembly')
    })

    it('a pushed LINE-04 violation is rejected with the cell message', async () => {
      const master = (await pullLines()).find((d) => d.id === 'line-assembly')!
      const res = await settings('line-assembly', { alertViewingWindowDays: 91 })
      expect(res).toMatchObject({
        status: 'rejected',
        rejection: { code: 'VALIDATION', status: 400, message: 'Must be between 1 and 90' },
      })
      expect((await pullLines()).find((d) => d.id === 'line-assembly')?.revision).toBe(master.revision)
    })
  })
})
