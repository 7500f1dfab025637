import { describe, expect, test } from 'vitest'
import { messageAt } from '../../../shared/validation/field-error'
import {
  canDeleteRelianceConfig,
  locationOptions,
  RELIANCE_SECRET_MASK,
  relianceStatusLabel,
  selectedLocationKey,
  validateAddUserForm,
  validateRelianceForm,
  validateTeamsWebhookUrl,
} from '../../../shared/validation/integration-rules'

describe('TEAMS-01 webhook URL', () => {
  test.each(['', '   ', '\t'])("TEAMS-01 %j is rejected with 'URL cannot be blank'", (url) => {
    expect(validateTeamsWebhookUrl(url)).toBe('URL cannot be blank')
  })

  test.each([
    'http://example.webhook.office.com/webhookb2/abc',
    'not a url',
    'example.webhook.office.com/webhookb2/abc',
    'ftp://example.com/hook',
    'javascript:alert(1)',
    'https://',
  ])("TEAMS-01 %j is rejected with 'URL must be a valid https address'", (url) => {
    expect(validateTeamsWebhookUrl(url)).toBe('URL must be a valid https address')
  })

  test.each([
    'https://example.webhook.office.com/webhookb2/abc@def/IncomingWebhook/123/456',
    'https://prod-12.westus.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=xyz',
    '  https://example.com/hook  ',
  ])('TEAMS-01 %j is accepted', (url) => {
    expect(validateTeamsWebhookUrl(url)).toBeUndefined()
  })
})

describe('ETQ-03 Reliance form', () => {
  const full = {
    apiHost: 'etq.example.com',
    clientId: 'client',
    clientSecret: 's3cret',
    tokenEndpoint: 'https://t',
  }

  test('ETQ-03 a complete form is valid', () => {
    expect(validateRelianceForm(full)).toEqual([])
  })

  test.each([
    ['apiHost', 'Host is required'],
    ['clientId', 'Client ID is required'],
    ['clientSecret', 'Client Secret is required'],
    ['tokenEndpoint', 'Token URL is required'],
  ] as const)("ETQ-03 a blank %s is rejected with '%s'", (field, message) => {
    const errors = validateRelianceForm({ ...full, [field]: '  ' })
    expect(errors).toEqual([{ path: [field], message }])
  })

  test('ETQ-03 an empty form reports all four fields', () => {
    expect(
      validateRelianceForm({ apiHost: '', clientId: '', clientSecret: '', tokenEndpoint: '' }),
    ).toHaveLength(4)
  })

  test('ETQ-03 the secret is masked with 18 characters in view mode', () => {
    expect(RELIANCE_SECRET_MASK).toHaveLength(18)
  })

  test.each([
    ['SUCCESS', 'Connection Active', true],
    ['ERROR', 'Connection Failed', true],
    ['NOT_CONFIGURED', 'Not Configured', false],
    ['PENDING', 'Not Configured', false],
  ])('ETQ-02 status %s shows %s (deletable: %s)', (status, label, deletable) => {
    expect(relianceStatusLabel(status)).toBe(label)
    expect(canDeleteRelianceConfig(status)).toBe(deletable)
  })
})

describe('USER-02 add user form', () => {
  const full = { email: 'ann@example.com', customerId: 'C1', locationPlantId: 'P1' }

  test('USER-02 a complete form is valid', () => {
    expect(validateAddUserForm(full)).toEqual([])
  })

  test.each([
    ['email', 'Email is required'],
    ['customerId', 'Customer ID is required'],
    ['locationPlantId', 'Location plant ID is required'],
  ] as const)("USER-02 a blank %s is rejected with '%s'", (field, message) => {
    expect(validateAddUserForm({ ...full, [field]: '' })).toEqual([{ path: [field], message }])
  })

  test.each(['ann', 'ann@', '@example.com', 'ann@example', 'ann smith@example.com'])(
    "USER-02 email %j is rejected with 'Email is invalid'",
    (email) => {
      expect(messageAt(validateAddUserForm({ ...full, email }), 'email')).toBe('Email is invalid')
    },
  )

  test('USER-02 an empty form reports all three fields', () => {
    expect(validateAddUserForm({ email: '', customerId: '', locationPlantId: '' })).toHaveLength(3)
  })
})

describe('USER-05 location options', () => {
  const plants = [
    { id: 'P1', name: 'Plant One' },
    { id: 'P2', name: 'Plant Two' },
  ]
  const plantUser = { locationName: 'Plant One', locationPlantId: 'P1' }
  const provider = { locationName: 'provider', locationPlantId: null }

  test('USER-05 a customer viewer chooses among plants, Corporate and Unassigned', () => {
    const options = locationOptions({ plants, viewer: plantUser, rowUser: plantUser })
    expect(options.map((o) => o.label)).toEqual(['Plant One', 'Plant Two', 'Corporate', 'Unassigned'])
  })

  test("USER-05 a provider viewer also gets 'provider'", () => {
    const options = locationOptions({ plants, viewer: provider, rowUser: plantUser })
    expect(options.map((o) => o.key)).toEqual(['plant:P1', 'plant:P2', 'corporate', 'unassigned', 'provider'])
  })

  test("USER-05 a provider row offers only 'provider'", () => {
    const options = locationOptions({ plants, viewer: provider, rowUser: provider })
    expect(options.map((o) => o.key)).toEqual(['provider'])
  })

  test('USER-05 Unassigned saves both fields as null', () => {
    const unassigned = locationOptions({ plants, viewer: null, rowUser: null }).find(
      (o) => o.key === 'unassigned',
    )
    expect(unassigned).toMatchObject({ locationName: null, locationPlantId: null })
  })

  test.each([
    [{ locationName: 'Plant Two', locationPlantId: 'P2' }, 'plant:P2'],
    [{ locationName: 'corporate', locationPlantId: null }, 'corporate'],
    [{ locationName: 'unassigned', locationPlantId: null }, 'unassigned'],
    [{ locationName: null, locationPlantId: null }, 'unassigned'],
    [{ locationName: 'provider', locationPlantId: null }, 'provider'],
  ])('USER-05 stored location %j selects %s', (config, key) => {
    expect(selectedLocationKey(config)).toBe(key)
  })
})
