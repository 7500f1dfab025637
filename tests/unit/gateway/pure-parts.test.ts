import { describe, expect, it } from 'vitest'
import { DocSet, type LoadedDocument } from '../../../shared/intents/doc-set'
import type { DocumentRef } from '../../../shared/intents/intent'
import { GATEWAY_DEFAULTS, readConfig } from '../../../sync-server/config'
import type { RefreshUnit } from '../../../sync-server/gateway/authority-reads'
import type { Snapshot } from '../../../sync-server/gateway/replica'
import { cookiePairs } from '../../../sync-server/gateway/sessions'
import { unitsTouched } from '../../../sync-server/gateway/touched'

/**
 * The gateway's pure parts: the authority's session cookies as a Cookie header
 * (sync-server/gateway/sessions.ts), the reads that bring an action's documents back from the
 * authority (sync-server/gateway/touched.ts), and gateway mode's settings (sync-server/config.ts).
 */

describe('cookiePairs', () => {
  it('SHELL-04 keeps the name=value pair of each Set-Cookie header, without its attributes', () => {
    expect(
      cookiePairs([
        'qm_session=abc123; Path=/; HttpOnly; SameSite=Lax; Max-Age=604800',
        'XSRF-TOKEN=t0k3n;Secure',
        '  lang=en-GB  ',
      ]),
    ).toBe('qm_session=abc123; XSRF-TOKEN=t0k3n; lang=en-GB')
  })

  it('SHELL-04 leaves out cookies with an empty value (an authority clearing a cookie) and headers without a pair', () => {
    expect(
      cookiePairs([
        'old=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
        'qm_session=abc123; Path=/',
        'no-pair-here; Path=/',
      ]),
    ).toBe('qm_session=abc123')
    expect(cookiePairs([])).toBe('')
    expect(cookiePairs(['gone=; Max-Age=0'])).toBe('')
  })

  it('SHELL-04 keeps a value that contains or ends with "=" (base64 padding is a valid cookie value)', () => {
    expect(cookiePairs(['data=a=b; Path=/'])).toBe('data=a=b')
    expect(cookiePairs(['sid=YWJjZA==; Path=/; HttpOnly'])).toBe('sid=YWJjZA==')
  })
})

describe('unitsTouched', () => {
  const loaded: LoadedDocument[] = [
    { collection: 'plants', id: 'plant-a', data: { id: 'plant-a' } },
    { collection: 'lines', id: 'line-a', data: { id: 'line-a', name: 'A' } },
    { collection: 'lines', id: 'line-b', data: { id: 'line-b', name: 'B' } },
    { collection: 'monitors', id: 'mon-1', data: { monitor_filter: { line_uuid: 'line-a' } } },
    { collection: 'monitors', id: 'mon-2', data: { monitor_filter: { line_uuid: 'line-a' } } },
    { collection: 'monitors', id: 'mon-3', data: { monitor_filter: { line_uuid: 'line-b' } } },
    { collection: 'stations', id: 'st-b1', data: { id: 'st-b1', lineId: 'line-b' } },
    { collection: 'signals', id: 'sig-a1', data: { id: 'sig-a1', lineId: 'line-a', stationId: 'st-a1' } },
    { collection: 'signals', id: 'sig-b1', data: { id: 'sig-b1', lineId: 'line-b', stationId: 'st-b1' } },
    { collection: 'signalGroups', id: 'grp-a1', data: { id: 'grp-a1', lineId: 'line-a' } },
    { collection: 'signalLimits', id: 'lim-b1', data: { id: 'lim-b1', lineUUID: 'line-b' } },
  ]
  const docs = () => new DocSet(loaded)
  const ref = (collection: DocumentRef['collection'], id: string): DocumentRef => ({ collection, id })
  /** Order does not matter to the caller (each unit is one read); compare as sets. */
  const sorted = (units: ReadonlyArray<RefreshUnit>) =>
    [...units].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

  it('OFF-03 a line is read back by its id', () => {
    expect(unitsTouched([ref('lines', 'line-a')], docs())).toEqual([{ kind: 'line', lineId: 'line-a' }])
  })

  it('OFF-03 one monitor is read by its id; two monitors of one line as the line’s monitors', () => {
    expect(unitsTouched([ref('monitors', 'mon-1')], docs())).toEqual([
      { kind: 'monitor', monitorId: 'mon-1' },
    ])
    expect(unitsTouched([ref('monitors', 'mon-1'), ref('monitors', 'mon-2')], docs())).toEqual([
      { kind: 'lineMonitors', lineId: 'line-a' },
    ])
    // Monitors of different lines are each read by id.
    expect(sorted(unitsTouched([ref('monitors', 'mon-1'), ref('monitors', 'mon-3')], docs()))).toEqual(
      sorted([
        { kind: 'monitor', monitorId: 'mon-1' },
        { kind: 'monitor', monitorId: 'mon-3' },
      ]),
    )
  })

  it('MON-06 a monitor the action created is read by its id', () => {
    const set = docs()
    set.put('monitors', 'mon-new', { monitor_filter: { line_uuid: 'line-b' } } as never)
    expect(unitsTouched(set.changes(), set)).toEqual([{ kind: 'monitor', monitorId: 'mon-new' }])
  })

  it('OFF-03 a signal or a station is read back as its line’s tree, once per line', () => {
    expect(unitsTouched([ref('signals', 'sig-a1')], docs())).toEqual([{ kind: 'lineTree', lineId: 'line-a' }])
    expect(unitsTouched([ref('stations', 'st-b1'), ref('signals', 'sig-b1')], docs())).toEqual([
      { kind: 'lineTree', lineId: 'line-b' },
    ])
  })

  it('OFF-03 a signal the action deleted is still read back as its line’s tree', () => {
    const set = docs()
    set.remove('signals', 'sig-a1')
    expect(unitsTouched(set.changes(), set)).toEqual([{ kind: 'lineTree', lineId: 'line-a' }])
  })

  it('CAPL-04 limits are read back as their line’s limits; a group as its line’s groups', () => {
    expect(unitsTouched([ref('signalLimits', 'lim-b1')], docs())).toEqual([
      { kind: 'lineLimits', lineId: 'line-b' },
    ])
    expect(unitsTouched([ref('signalGroups', 'grp-a1')], docs())).toEqual([
      { kind: 'lineGroups', lineId: 'line-a' },
    ])
  })

  it('OFF-03 the plant-wide parts are read as wholes', () => {
    const set = new DocSet([])
    const changes: DocumentRef[] = [
      ref('plants', 'plant-a'),
      ref('teamsWebhooks', 'w1'),
      ref('teamsWebhooks', 'w2'),
      ref('relianceConfigs', 'r1'),
      ref('users', 'u1'),
      ref('dataSources', 'd1'),
      ref('monitorRules', 'mon-1'),
    ]
    expect(sorted(unitsTouched(changes, set))).toEqual(
      sorted([
        { kind: 'plant' },
        { kind: 'teams' },
        { kind: 'reliance' },
        { kind: 'users' },
        { kind: 'dataSources' },
        { kind: 'monitorRules', monitorId: 'mon-1' },
      ]),
    )
  })

  it('OFF-03 documents an answer already carried (or said are gone) are not read again', () => {
    const known: Snapshot[] = [
      {
        documents: [{ collection: 'lines', id: 'line-a', data: { id: 'line-a' } }],
        covers: [],
        gone: [{ collection: 'monitors', id: 'mon-2' }],
      },
      { documents: [{ collection: 'signals', id: 'sig-b1', data: {} }], covers: [], gone: [] },
    ]
    const changes = [
      ref('lines', 'line-a'),
      ref('monitors', 'mon-1'),
      ref('monitors', 'mon-2'),
      ref('signals', 'sig-b1'),
      ref('signals', 'sig-a1'),
    ]
    expect(sorted(unitsTouched(changes, docs(), known))).toEqual(
      sorted([
        { kind: 'monitor', monitorId: 'mon-1' },
        { kind: 'lineTree', lineId: 'line-a' },
      ]),
    )
    // Without the snapshot, the same changes need every part read.
    expect(sorted(unitsTouched(changes, docs()))).toEqual(
      sorted([
        { kind: 'line', lineId: 'line-a' },
        { kind: 'lineMonitors', lineId: 'line-a' },
        { kind: 'lineTree', lineId: 'line-b' },
        { kind: 'lineTree', lineId: 'line-a' },
      ]),
    )
  })
})

describe('readConfig (gateway mode)', () => {
  it('OFF-03 without AUTHORITY_URL the server runs embedded: no gateway settings, no poke URLs', () => {
    const config = readConfig({})
    expect(config).not.toHaveProperty('gateway')
    expect(config).not.toHaveProperty('pokeUrls')
    expect(readConfig({ AUTHORITY_URL: '   ' })).not.toHaveProperty('gateway')
  })

  it('OFF-03 AUTHORITY_URL alone: every other setting at its default, the trailing slash removed', () => {
    expect(readConfig({ AUTHORITY_URL: 'http://plant-services:8080/' }).gateway).toEqual({
      authorityUrl: 'http://plant-services:8080',
      ...GATEWAY_DEFAULTS,
      pokeToken: undefined,
    })
    expect(
      readConfig({ AUTHORITY_URL: ' https://plant.example.test/services/ ' }).gateway?.authorityUrl,
    ).toBe('https://plant.example.test/services')
  })

  it('OFF-03 each setting given replaces its default', () => {
    const gateway = readConfig({
      AUTHORITY_URL: 'https://plant.example.test',
      AUTHORITY_TIMEOUT_MS: '1500',
      POLL_STRUCTURE_MS: '2000',
      POLL_BULK_MS: '30000',
      AUTHORITY_RETRY_MS: '700',
      UNDO_RETRY_MS: '9000',
      POKE_TOKEN: 'shh',
    }).gateway
    expect(gateway).toEqual({
      authorityUrl: 'https://plant.example.test',
      timeoutMs: 1500,
      pollStructureMs: 2000,
      pollBulkMs: 30000,
      retryAfterMs: 700,
      undoRetryMs: 9000,
      pokeToken: 'shh',
    })
  })

  it('OFF-03 an AUTHORITY_URL that is not an http(s) URL stops the server from starting', () => {
    for (const bad of ['ftp://x', 'not a url', 'file:///etc/passwd']) {
      expect(() => readConfig({ AUTHORITY_URL: bad })).toThrow(/AUTHORITY_URL/)
    }
  })

  it('OFF-03 an interval that is not a positive whole number of ms stops the server from starting', () => {
    for (const bad of ['0', 'abc', '-5', '1.5']) {
      expect(() => readConfig({ AUTHORITY_URL: 'http://a', POLL_STRUCTURE_MS: bad })).toThrow(
        /POLL_STRUCTURE_MS/,
      )
    }
    expect(() => readConfig({ AUTHORITY_URL: 'http://a', AUTHORITY_TIMEOUT_MS: '0' })).toThrow(
      /AUTHORITY_TIMEOUT_MS/,
    )
  })

  it('OFF-03 GATEWAY_POKE_URLS is a comma-separated list of gateways, blanks dropped', () => {
    const config = readConfig({
      GATEWAY_POKE_URLS: ' http://gw-a:8787/gateway/poke , ,http://gw-b:8787/gateway/poke,',
      GATEWAY_POKE_TOKEN: 'tok',
    })
    expect(config.pokeUrls).toEqual(['http://gw-a:8787/gateway/poke', 'http://gw-b:8787/gateway/poke'])
    expect(config.gatewayPokeToken).toBe('tok')
    // Poking gateways does not make this server a gateway.
    expect(config).not.toHaveProperty('gateway')
  })
})
