import { describe, expect, test } from 'vitest'
import { readConfig } from '../../sync-server/config'
import { parseFeatureFlagSetting, parseFlagPatch } from '../../sync-server/domain/feature-flag-settings'

describe('SHELL-03 FEATURE_FLAGS, the deployment setting', () => {
  test('unset or blank is no setting', () => {
    expect(readConfig({}).featureFlags?.size).toBe(0)
    expect(parseFeatureFlagSetting('  ').size).toBe(0)
  })

  test('a JSON object of customers, each naming some flags and the ETQ override', () => {
    const config = readConfig({
      FEATURE_FLAGS: '{"cust-a":{"multiselect":false,"etqCustomerOverride":true},"cust-b":{}}',
    })
    expect([...config.featureFlags!]).toEqual([
      ['cust-a', { multiselect: false, etqCustomerOverride: true }],
      ['cust-b', {}],
    ])
  })

  test.each([
    ['{"cust-a":{"multiSelect":false}}', "FEATURE_FLAGS.cust-a: unknown feature flag 'multiSelect'"],
    ['{"cust-a":{"limits":"false"}}', "FEATURE_FLAGS.cust-a: 'limits' must be true or false"],
    ['{"cust-a":{"limits":1}}', "FEATURE_FLAGS.cust-a: 'limits' must be true or false"],
    ['{"cust-a":true}', 'FEATURE_FLAGS.cust-a must be a JSON object'],
    ['["cust-a"]', 'FEATURE_FLAGS must be a JSON object'],
    ['{"cust-a":{limits:false}}', 'FEATURE_FLAGS is not valid JSON'],
  ])('%s is refused, naming what is wrong', (raw, message) => {
    expect(() => readConfig({ FEATURE_FLAGS: raw })).toThrow(message)
  })

  test('an unknown flag lists the known ones', () => {
    expect(() => parseFlagPatch({ etq: true }, 'Request body')).toThrow(
      /known: multiVariateCreation, .*etqCustomerOverride/,
    )
  })

  test('a gateway refuses FEATURE_FLAGS: the authority owns the flags', () => {
    expect(() =>
      readConfig({ AUTHORITY_URL: 'http://authority:8080', FEATURE_FLAGS: '{"cust-a":{"limits":false}}' }),
    ).toThrow('FEATURE_FLAGS cannot be set in gateway mode')
    expect(readConfig({ AUTHORITY_URL: 'http://authority:8080', FEATURE_FLAGS: '' }).gateway).toBeDefined()
  })

  test('DEPLOYMENT_TOKEN is read when set', () => {
    expect(readConfig({ DEPLOYMENT_TOKEN: 'abc' }).deploymentToken).toBe('abc')
    expect(readConfig({}).deploymentToken).toBeUndefined()
  })
})
