import { Result, Schema } from 'effect'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { DataSource, Ingestor } from '../../../shared/schema/data-source'
import { Line, LinePatch } from '../../../shared/schema/line'
import { Customer, FeatureFlags, noFeatureFlags, Plant, UtcIsoString } from '../../../shared/schema/plant'
import { RelianceConfig, RelianceConfigInput } from '../../../shared/schema/reliance-config'
import {
  canonicalClassificationOrder,
  ClassificationRow,
  GroupedResultClassifications,
  ResultClassificationsFromGrouped,
  ResultClassificationsPatch,
  Signal,
  SignalAttributeUpdate,
  SignalSingleSideUpdate,
} from '../../../shared/schema/signal'
import type { ResultClassification } from '../../../shared/schema/signal'
import { Limit, SignalLimitEntry } from '../../../shared/schema/signal-limit'
import { Station } from '../../../shared/schema/station'
import { TeamsWebhook, TeamsWebhookInput } from '../../../shared/schema/teams-webhook'
import {
  AddUserInput,
  AddUserWithCustomerInput,
  SessionUser,
  SignInInput,
  UpdateUserRoleInput,
  User,
} from '../../../shared/schema/user'
import { decodeWithErrors } from '../../../shared/validation/decode'
import { SetUserRoleArgs } from '../../../shared/intents/users'

/** The messages a decode fails with ([] when it succeeds). */
const messages = (schema: Schema.Decoder<unknown>, input: unknown): ReadonlyArray<string> => {
  const result = decodeWithErrors(schema, input)
  return Result.isFailure(result) ? result.failure.map((e) => e.message) : []
}
const valid = (schema: Schema.Decoder<unknown>, input: unknown) => expect(messages(schema, input)).toEqual([])
const invalid = (schema: Schema.Decoder<unknown>, input: unknown) =>
  expect(messages(schema, input).length).toBeGreaterThan(0)

const NOW = '2024-05-01T08:30:00.000Z'

const signal = {
  id: 'S1',
  name: 'Torque',
  friendlyName: 'Torque A',
  entityType: 'MEASUREMENT',
  isSignalActive: true,
  singleSide: 'LOWER',
  upperLimit: 'S2',
  lowerLimit: null,
  result: ['S3'],
  qualityCharacteristic: 'High impact',
  resultClassifications: [
    { value: 'OK', result: 'pass', failureMode: null },
    { value: 'Scratch', result: 'fail', failureMode: 'Surface' },
  ],
  stationId: 'ST1',
  stationName: 'Station 1',
  lineId: 'L1',
}

describe('SM-12 signal documents and wire bodies', () => {
  test('SM-12 a signal decodes', () => valid(Signal, signal))

  test.each([
    ['an unknown entity type', { entityType: 'LIMIT' }],
    ['an unknown quality characteristic', { qualityCharacteristic: 'Major' }],
    ['a bad single side', { singleSide: 'BOTH' }],
    ['a missing result list', { result: null }],
    [
      'a classification result outside pass/fail/other',
      { resultClassifications: [{ value: 'X', result: 'ok', failureMode: null }] },
    ],
  ])('SM-12 a signal with %s is rejected', (_name, change) => invalid(Signal, { ...signal, ...change }))

  test("SM-06 a signal friendly name with a leading space is rejected with 'No leading spaces allowed.'", () => {
    expect(messages(Signal, { ...signal, friendlyName: ' Torque' })).toEqual(['No leading spaces allowed.'])
  })

  test("SM-11 a signal's duplicate classification values are rejected", () => {
    const resultClassifications = [
      { value: 'OK', result: 'pass', failureMode: null },
      { value: 'ok ', result: 'other', failureMode: null },
    ]
    expect(messages(Signal, { ...signal, resultClassifications })).toContain('Value must be unique')
  })

  test('SM-11 a classification row decodes', () =>
    valid(ClassificationRow, {
      id: 'r',
      value: '',
      result: 'other',
      failureMode: null,
      isNew: true,
      signalId: 'S',
    }))

  test('SM-12 the signal-attribute-update body decodes with any subset of attributes', () => {
    valid(SignalAttributeUpdate, {
      signalRequest: { customer_uuid: 'C', plant_uuid: 'P', line_uuid: 'L' },
      signals: [
        { signal_uuid: 'S1', signal_attributes: { quality_characteristic: 'Critical', upper_limit: null } },
        {
          signal_uuid: 'S2',
          signal_attributes: { signal_entity_type: 'RESULT', signal_active: false, result: [] },
        },
        { signal_uuid: 'S3', signal_attributes: {} },
      ],
    })
  })

  test.each([
    ['a missing line_uuid', { signalRequest: { customer_uuid: 'C', plant_uuid: 'P' }, signals: [] }],
    [
      'a leading-space friendly name',
      {
        signalRequest: { customer_uuid: 'C', plant_uuid: 'P', line_uuid: 'L' },
        signals: [{ signal_uuid: 'S1', signal_attributes: { signal_friendly_name: ' x' } }],
      },
    ],
  ])('SM-12 the signal-attribute-update body with %s is rejected', (_name, body) =>
    invalid(SignalAttributeUpdate, body),
  )

  test('SM-08 the distribution body is a list of id and singleSide (or null)', () => {
    valid(SignalSingleSideUpdate, [
      { id: 'S1', singleSide: 'UPPER' },
      { id: 'S2', singleSide: null },
    ])
    invalid(SignalSingleSideUpdate, [{ id: 'S1', singleSide: 'upper' }])
  })
})

describe('SM-12 result classifications: grouped wire form ⇄ flat list', () => {
  const decode = Schema.decodeUnknownSync(ResultClassificationsFromGrouped)
  const encode = Schema.encodeSync(ResultClassificationsFromGrouped)

  // Distinct values (by the case-insensitive trimmed key) so every generated list is valid.
  const entries = fc
    .uniqueArray(
      fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== ''),
      {
        selector: (s) => s.trim().toLowerCase(),
        maxLength: 15,
      },
    )
    .chain((values) =>
      fc.tuple(
        ...values.map((value) =>
          fc.record({
            value: fc.constant(value),
            result: fc.constantFrom('pass' as const, 'fail' as const, 'other' as const),
            failureMode: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
          }),
        ),
      ),
    )
  const flatArb: fc.Arbitrary<ReadonlyArray<ResultClassification>> = entries

  test('SM-12 the body keyed by signal id decodes to flat lists', () => {
    const body = {
      S1: {
        resultClassifications: {
          pass: [{ value: 'OK', failureMode: null }],
          fail: [{ value: 'Scratch', failureMode: 'Surface' }],
          other: [],
        },
      },
    }
    expect(Schema.decodeUnknownSync(ResultClassificationsPatch)(body)).toEqual({
      S1: {
        resultClassifications: [
          { value: 'OK', result: 'pass', failureMode: null },
          { value: 'Scratch', result: 'fail', failureMode: 'Surface' },
        ],
      },
    })
  })

  test("SM-11 the wire body rejects duplicate values across groups ('Value must be unique')", () => {
    const body = {
      S1: {
        resultClassifications: {
          pass: [{ value: 'OK', failureMode: null }],
          fail: [{ value: 'OK', failureMode: null }],
          other: [],
        },
      },
    }
    expect(messages(ResultClassificationsPatch, body)).toContain('Value must be unique')
  })

  test('SM-12 a group missing from the wire body is rejected', () => {
    invalid(ResultClassificationsPatch, { S1: { resultClassifications: { pass: [], fail: [] } } })
  })

  test('SM-12 property: flat (canonical order) → grouped → flat is lossless', () => {
    fc.assert(
      fc.property(flatArb, (flat) => {
        const canonical = canonicalClassificationOrder(flat)
        expect(decode(encode(canonical))).toEqual(canonical)
      }),
    )
  })

  test('SM-12 property: grouped → flat → grouped is lossless', () => {
    fc.assert(
      fc.property(flatArb, (flat) => {
        const grouped = encode(flat)
        expect(Schema.is(GroupedResultClassifications)(grouped)).toBe(true)
        expect(encode(decode(grouped))).toEqual(grouped)
      }),
    )
  })

  test('SM-12 property: canonical order is pass, fail, other and keeps the order within a result', () => {
    fc.assert(
      fc.property(flatArb, (flat) => {
        const canonical = canonicalClassificationOrder(flat)
        const rank = { pass: 0, fail: 1, other: 2 }
        canonical.forEach((c, i) => {
          if (i > 0) expect(rank[canonical[i - 1]!.result]).toBeLessThanOrEqual(rank[c.result])
        })
        for (const r of ['pass', 'fail', 'other'] as const) {
          expect(canonical.filter((c) => c.result === r)).toEqual(flat.filter((c) => c.result === r))
        }
      }),
    )
  })
})

describe('SM-04 stations', () => {
  test('SM-04 a station decodes', () =>
    valid(Station, { id: 'ST1', lineId: 'L1', name: 'Station 1', final: true }))
  test('SM-04 a station without final is rejected', () =>
    invalid(Station, { id: 'ST1', lineId: 'L1', name: 'x' }))
})

const limit = {
  uuid: 'LIM1',
  model_number: '*',
  lslFormula: '1',
  lclFormula: '2',
  uclFormula: null,
  uslFormula: '9',
}

describe('CAPL-02 signal limits', () => {
  test('CAPL-02 a limit and a signal limit entry decode', () => {
    valid(Limit, limit)
    valid(SignalLimitEntry, {
      lineUUID: 'L1',
      station: 'Station 1',
      signalUUID: 'S1',
      signalName: 'Torque',
      singleSide: null,
      limits: [limit, { ...limit, uuid: 'LIM2', model_number: 'M-100' }],
    })
  })

  test.each([
    [{ lslFormula: 'abc' }, 'LSL must be a number'],
    [{ lslFormula: '10' }, 'LSL must be < USL'],
    [{ uclFormula: '1' }, 'UCL must be > LCL'],
  ])('CAPL-02 a limit with %j is rejected with %s', (change, message) => {
    expect(messages(Limit, { ...limit, ...change })).toContain(message)
  })

  test('CAPL-01 two rows for the same model are rejected', () => {
    invalid(SignalLimitEntry, {
      lineUUID: 'L1',
      station: 'Station 1',
      signalUUID: 'S1',
      signalName: 'Torque',
      singleSide: 'UPPER',
      limits: [limit, { ...limit, uuid: 'LIM2' }],
    })
  })
})

const line = {
  id: 'L1',
  name: 'line-1',
  displayName: 'Line 1',
  friendlyName: 'Line 1',
  active: true,
  isNewLine: false,
  lastIngestedTime: NOW,
  ingestionThresholdHours: 24,
  alertViewingWindowDays: 90,
  feederLineIds: ['L0'],
  excludedPartIds: ['P-1'],
  excludedModelNumbers: [],
  activeMonitorsCount: 3,
}

describe('LINE-04 lines', () => {
  test('LINE-04 a line decodes, with or without a friendly name and last ingestion', () => {
    valid(Line, line)
    valid(Line, { ...line, friendlyName: null, lastIngestedTime: null })
  })

  test.each([
    [{ ingestionThresholdHours: -1 }, 'Must be greater than or equal to 0'],
    [{ ingestionThresholdHours: 1000001 }, 'Must be less than or equal to 1000000'],
    [{ ingestionThresholdHours: 1.5 }, 'Must be a whole number'],
    [{ alertViewingWindowDays: 0 }, 'Must be between 1 and 90'],
    [{ alertViewingWindowDays: 91 }, 'Must be between 1 and 90'],
    [{ friendlyName: ' Line' }, 'Friendly name cannot have leading spaces.'],
  ])('LINE-04 a line with %j is rejected with %s', (change, message) => {
    expect(messages(Line, { ...line, ...change })).toEqual([message])
  })

  test('LINE-04 a local-time lastIngestedTime is rejected', () =>
    invalid(Line, { ...line, lastIngestedTime: '2024-05-01 08:30' }))

  test('LINE-05 a line patch accepts any subset', () => {
    valid(LinePatch, {})
    valid(LinePatch, { active: false })
    valid(LinePatch, { friendlyName: null, feederLineIds: ['L2'], excludedModelNumbers: ['M1'] })
    expect(messages(LinePatch, { alertViewingWindowDays: 2.5 })).toEqual(['Must be between 1 and 90'])
  })
})

describe('TEAMS-01 Teams webhooks', () => {
  const webhook = {
    id: 'W1',
    lineId: 'L1',
    url: 'https://example.webhook.office.com/x',
    lastModifiedDateTime: NOW,
  }

  test('TEAMS-01 a webhook decodes', () => valid(TeamsWebhook, webhook))
  test('TEAMS-01 an http webhook is rejected', () =>
    expect(messages(TeamsWebhook, { ...webhook, url: 'http://example.com' })).toEqual([
      'URL must be a valid https address',
    ]))

  test("TEAMS-01 the input rejects a blank url with 'URL cannot be blank' and trims a pasted one", () => {
    expect(messages(TeamsWebhookInput, { url: '  ' })).toEqual(['URL cannot be blank'])
    expect(Schema.decodeUnknownSync(TeamsWebhookInput)({ url: ' https://example.com/h ' })).toEqual({
      url: 'https://example.com/h',
    })
  })
})

describe('ETQ-03 Reliance configurations', () => {
  const config = {
    id: 'R1',
    lineId: 'L1',
    apiHost: 'etq.example.com',
    clientId: 'client',
    tokenEndpoint: 'https://etq.example.com/token',
    connectionStatus: 'SUCCESS',
    updatedTime: NOW,
  }

  test.each(['SUCCESS', 'ERROR', 'NOT_CONFIGURED', 'SOMETHING_ELSE'])(
    'ETQ-03 status %s decodes',
    (connectionStatus) => valid(RelianceConfig, { ...config, connectionStatus }),
  )

  test('ETQ-03 the secret never survives decoding or encoding a config', () => {
    const decoded = Schema.decodeUnknownSync(RelianceConfig)({ ...config, clientSecret: 'hunter2' })
    expect(decoded).not.toHaveProperty('clientSecret')
    const encoded = Schema.encodeSync(RelianceConfig)({
      ...config,
      clientSecret: 'hunter2',
    } as RelianceConfig)
    expect(JSON.stringify(encoded)).not.toContain('hunter2')
  })

  test("ETQ-03 the input requires every field ('{label} is required')", () => {
    valid(RelianceConfigInput, { apiHost: 'h', clientId: 'c', tokenEndpoint: 't', clientSecret: 's' })
    expect(
      messages(RelianceConfigInput, { apiHost: '', clientId: '', tokenEndpoint: '', clientSecret: '' }),
    ).toEqual([
      'Host is required',
      'Client ID is required',
      'Client Secret is required',
      'Token URL is required',
    ])
  })
})

describe('USER-01 users, roles and the session', () => {
  const user = {
    id: 'U1',
    email: 'ann@example.com',
    lastLogin: null,
    role: 'administrator',
    locationConfig: { locationName: null, locationPlantId: null },
    customerId: 'C1',
  }

  test('USER-01 a user who never logged in decodes', () => valid(User, user))
  // SHELL-04 (issue 25): the specification's 'contributor' is a role a user may hold (README Decisions).
  test('SHELL-04 USER-01 a user with the contributor role decodes', () =>
    valid(User, { ...user, role: 'contributor' }))
  test('SHELL-04 USER-03 nobody is made a contributor: the role dropdown gives User or Administrator', () => {
    valid(SetUserRoleArgs, { userId: 'u1', role: 'administrator' })
    invalid(SetUserRoleArgs, { userId: 'u1', role: 'contributor' })
  })
  test.each([
    ['a role the product does not know', { role: 'owner' }],
    ['a malformed email', { email: 'ann' }],
    ['a bad lastLogin', { lastLogin: 'yesterday' }],
  ])('USER-01 a user with %s is rejected', (_name, change) => invalid(User, { ...user, ...change }))

  test('USER-02 the add-user body decodes; the customer id travels in the URL', () =>
    valid(AddUserInput, { email: 'ann@example.com', locationPlantId: 'P1', locationName: 'Plant One' }))

  test("USER-02 the form with the customer: 'Email is required', 'Customer ID is required', 'Location plant ID is required'", () => {
    expect(
      messages(AddUserWithCustomerInput, {
        email: '',
        customerId: '',
        locationPlantId: '',
        locationName: null,
      }),
    ).toEqual(['Email is required', 'Customer ID is required', 'Location plant ID is required'])
  })

  test('USER-03 a role update decodes only with a known role', () => {
    valid(UpdateUserRoleInput, { userId: 'U1', role: 'user', customerId: 'C1' })
    invalid(UpdateUserRoleInput, { userId: 'U1', role: 'admin', customerId: 'C1' })
  })

  test('SHELL-04 the session user and sign-in input decode', () => {
    valid(SessionUser, {
      id: 'U1',
      email: 'a@b.co',
      role: 'user',
      customerId: 'C1',
      // The plant whose documents the session reads: the device opens that plant's database.
      plantId: 'P1',
      locationConfig: user.locationConfig,
    })
    valid(SignInInput, { email: 'a@b.co', password: 'pw' })
    expect(messages(SignInInput, { email: '', password: '' })).toEqual([
      'Email is required',
      'Password is required',
    ])
  })
})

describe('SHELL-03 plants, customers and data sources', () => {
  const plant = {
    id: 'P1',
    customerId: 'C1',
    name: 'Plant One',
    timeZone: 'America/Chicago',
    ingestorId: null,
    featureFlags: noFeatureFlags(),
    etqCustomerOverride: false,
  }

  test('SHELL-03 a plant decodes with every flag present', () => valid(Plant, plant))
  test('SHELL-03 a plant missing a feature flag is rejected', () => {
    const { multiselect: _dropped, ...flags } = noFeatureFlags()
    invalid(FeatureFlags, flags)
    invalid(Plant, { ...plant, featureFlags: flags })
  })

  test.each(['UTC', 'Europe/Berlin', 'Asia/Kolkata'])('SHELL-09 time zone %s is accepted', (timeZone) =>
    valid(Plant, { ...plant, timeZone }),
  )
  test.each(['Mars/Olympus', '', 'Central Time'])('SHELL-09 time zone %j is rejected', (timeZone) =>
    invalid(Plant, { ...plant, timeZone }),
  )

  test.each(['2024-05-01T08:30:00.000Z', '2024-05-01T08:30:00Z', '2024-05-01T08:30Z'])(
    'SHELL-09 UTC string %s is accepted',
    (s) => valid(UtcIsoString, s),
  )
  test.each(['2024-05-01T08:30:00+02:00', '2024-02-30T00:00:00Z', '2024-05-01', 'not a date'])(
    'SHELL-09 %s is not a stored UTC string',
    (s) => invalid(UtcIsoString, s),
  )

  test('SHELL-04 a customer decodes', () => valid(Customer, { id: 'C1', name: 'Acme' }))

  test('DS-01 a data source and an ingestor decode', () => {
    valid(DataSource, { id: 'D1', name: 'Press', createdAt: NOW, topic: 'press/1', ingestorId: 'I1' })
    valid(Ingestor, { id: 'I1' })
    invalid(DataSource, { id: 'D1', name: 'Press', createdAt: 'today', topic: 'press/1', ingestorId: 'I1' })
  })
})
