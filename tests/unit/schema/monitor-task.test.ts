import { Result, Schema } from 'effect'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  ALERT_THRESHOLD_SERVER_VALUES,
  ALERT_THRESHOLDS,
  DEFAULT_ALERT_THRESHOLD,
  ENVIRONMENT_MAX_RECORDS,
  EVALUATION_RATIO_QUERY_MAX,
  EVALUATION_RATIO_QUERY_MIN,
  FREQUENCY_DEFAULT_MINUTES,
  MIN_RECORDS,
  MONITOR_TYPES,
  PASS_FAIL_FILTERS,
} from '../../../shared/constants'
import { newMvdMonitor } from '../../../shared/schema/monitor'
import type { Monitor } from '../../../shared/schema/monitor'
import {
  AlertThresholdFromServer,
  MonitorDraftFromTaskInput,
  MonitorFromTask,
  ValidMonitorDraftFromTaskInput,
} from '../../../shared/schema/monitor-task'
import type { Task } from '../../../shared/schema/task'

const ids = fc.array(fc.string(), { maxLength: 4 })
// Valid monitors store the query's bounds (issue 12): ratio 0.01–0.5, sample size [50, max records].
const ratio = fc.double({ min: EVALUATION_RATIO_QUERY_MIN, max: EVALUATION_RATIO_QUERY_MAX, noNaN: true })
const sampleSize = fc.integer({ min: MIN_RECORDS, max: ENVIRONMENT_MAX_RECORDS })

const taskArb: fc.Arbitrary<Task> = fc.record({
  task_uuid: fc.uuid(),
  task_name: fc.string(),
  task_type: fc.constantFrom(...MONITOR_TYPES),
  active: fc.boolean(),
  frequency: fc.integer(),
  notes: fc.string(),
  task_details: fc.record({
    cust_uuid: fc.string(),
    plant_uuid: fc.string(),
    line_uuid: fc.string(),
    use_excluded_part_ids: fc.boolean(),
    use_excluded_model_numbers: fc.boolean(),
    alert_threshold: fc.constantFrom(...ALERT_THRESHOLDS.map((t) => ALERT_THRESHOLD_SERVER_VALUES[t])),
    part_attributes: fc.array(fc.record({ attribute_uuid: fc.string(), selected_attribute_values: ids }), {
      maxLength: 3,
    }),
    part_groups: ids,
    part_numbers: ids,
    pass_fail_filter: fc.constantFrom(...PASS_FAIL_FILTERS),
    signal_group_uuids: ids,
    signal_uuids: ids,
    evaluation_ratio: ratio,
    sample_size: sampleSize,
  }),
})

const monitorArb: fc.Arbitrary<Monitor> = fc.record({
  monitor_uuid: fc.uuid(),
  monitor_name: fc.string(),
  monitor_type: fc.constantFrom(...MONITOR_TYPES),
  active: fc.boolean(),
  frequency: fc.integer(),
  notes: fc.string(),
  use_excluded_part_ids: fc.boolean(),
  use_excluded_model_numbers: fc.boolean(),
  monitor_filter: fc.record({
    cust_uuid: fc.string(),
    plant_uuid: fc.string(),
    line_uuid: fc.string(),
    signal_uuids: ids,
    signal_group_uuids: ids,
    part_groups: ids,
    part_numbers: ids,
    part_attributes: fc.array(fc.record({ attributeUuid: fc.string(), selectedAttributeValues: ids }), {
      maxLength: 3,
    }),
    pass_fail_filter: fc.constantFrom(...PASS_FAIL_FILTERS),
    evaluation_ratio: ratio,
    sample_size: sampleSize,
    alert_threshold: fc.constantFrom(...ALERT_THRESHOLDS),
  }),
})

const decode = Schema.decodeUnknownSync(MonitorFromTask)
const encode = Schema.encodeSync(MonitorFromTask)

const task: Task = {
  task_uuid: 'task-1',
  task_name: 'Press line drift',
  task_type: 'mvd',
  active: true,
  frequency: 30,
  notes: 'watch the press',
  task_details: {
    cust_uuid: 'cust-1',
    plant_uuid: 'plant-1',
    line_uuid: 'line-1',
    use_excluded_part_ids: true,
    use_excluded_model_numbers: false,
    alert_threshold: ALERT_THRESHOLD_SERVER_VALUES.high,
    part_attributes: [{ attribute_uuid: 'attr-1', selected_attribute_values: ['A', 'B'] }],
    part_groups: ['g1'],
    part_numbers: ['pn-1'],
    pass_fail_filter: 'PASS',
    signal_group_uuids: ['sg-1'],
    signal_uuids: ['s-1', 's-2'],
    evaluation_ratio: 0.2,
    sample_size: 150,
  },
}

describe('MON-08 client monitor ⇄ server task', () => {
  test('MON-08 decoding a task renames every field and moves the exclude flags to the monitor', () => {
    expect(decode(task)).toEqual({
      monitor_uuid: 'task-1',
      monitor_name: 'Press line drift',
      monitor_type: 'mvd',
      active: true,
      frequency: 30,
      notes: 'watch the press',
      use_excluded_part_ids: true,
      use_excluded_model_numbers: false,
      monitor_filter: {
        cust_uuid: 'cust-1',
        plant_uuid: 'plant-1',
        line_uuid: 'line-1',
        signal_uuids: ['s-1', 's-2'],
        signal_group_uuids: ['sg-1'],
        part_groups: ['g1'],
        part_numbers: ['pn-1'],
        part_attributes: [{ attributeUuid: 'attr-1', selectedAttributeValues: ['A', 'B'] }],
        pass_fail_filter: 'PASS',
        evaluation_ratio: 0.2,
        sample_size: 150,
        alert_threshold: 'high',
      },
    })
  })

  test.each(ALERT_THRESHOLDS)('MON-08 alert threshold %s maps to its server value and back', (threshold) => {
    const server = ALERT_THRESHOLD_SERVER_VALUES[threshold]
    expect(Schema.decodeUnknownSync(AlertThresholdFromServer)(server)).toBe(threshold)
    expect(Schema.encodeSync(AlertThresholdFromServer)(threshold)).toBe(server)
  })

  test('MON-08 the three client thresholds have three distinct server values', () => {
    expect(new Set(ALERT_THRESHOLDS.map((t) => ALERT_THRESHOLD_SERVER_VALUES[t])).size).toBe(3)
    expect([...ALERT_THRESHOLDS]).toEqual(['low', 'medium', 'high'])
  })

  test('MON-08 an unknown server threshold fails decoding with a clear message at its path', () => {
    const unknown = { ...task, task_details: { ...task.task_details, alert_threshold: 0.5 } }
    const result = Schema.decodeUnknownResult(MonitorFromTask)(unknown)
    expect(Result.isFailure(result)).toBe(true)
    if (Result.isFailure(result)) {
      expect(result.failure.message).toContain('Unknown alert threshold')
      expect(result.failure.message).toContain('["task_details"]["alert_threshold"]')
    }
  })

  test('MON-08 a task without a uuid is not a Task', () => {
    const { task_uuid: _, ...withoutUuid } = task
    expect(Result.isFailure(Schema.decodeUnknownResult(MonitorFromTask)(withoutUuid))).toBe(true)
  })

  test('MON-08 decode ∘ encode is the identity on valid monitors', () => {
    fc.assert(
      fc.property(monitorArb, (monitor) => {
        expect(decode(encode(monitor))).toEqual(monitor)
      }),
    )
  })

  test('MON-08 encode ∘ decode is the identity on valid tasks', () => {
    fc.assert(
      fc.property(taskArb, (t) => {
        expect(encode(decode(t))).toEqual(t)
      }),
    )
  })

  test('MON-08 a draft round-trips through the create body with or without a uuid', () => {
    const draftEncode = Schema.encodeSync(MonitorDraftFromTaskInput)
    const draftDecode = Schema.decodeUnknownSync(MonitorDraftFromTaskInput)
    fc.assert(
      fc.property(monitorArb, fc.boolean(), (monitor, keepUuid) => {
        const { monitor_uuid, ...rest } = monitor
        const draft = keepUuid ? { monitor_uuid, ...rest } : rest
        const body = draftEncode(draft)
        expect('task_uuid' in body).toBe(keepUuid)
        expect(draftDecode(body)).toEqual(draft)
      }),
    )
  })
})

describe('MON-08 / OFF-06 the server decodes task bodies with the form rules', () => {
  test('MON-08 a valid task body decodes', () => {
    const { task_uuid: _, ...body } = task
    expect(Schema.decodeUnknownSync(ValidMonitorDraftFromTaskInput)(body).monitor_name).toBe(
      'Press line drift',
    )
  })

  test("SIG-06 an MVD task body with one signal fails with 'At least 2 items must be selected'", () => {
    const body = {
      ...task,
      task_details: { ...task.task_details, signal_uuids: ['s-1'], signal_group_uuids: [] },
    }
    const result = Schema.decodeUnknownResult(ValidMonitorDraftFromTaskInput)(body)
    expect(Result.isFailure(result) && result.failure.message).toContain('At least 2 items must be selected')
  })
})

describe('MON-09 new MVD monitor defaults', () => {
  const draft = newMvdMonitor({ cust_uuid: 'cust-1', plant_uuid: 'plant-1' })

  test('MON-09 empty name, active, default frequency, empty notes, no uuid, exclude flags off', () => {
    expect(draft.monitor_type).toBe('mvd')
    expect(draft.monitor_name).toBe('')
    expect(draft.active).toBe(true)
    expect(draft.frequency).toBe(FREQUENCY_DEFAULT_MINUTES)
    expect(draft.notes).toBe('')
    expect('monitor_uuid' in draft).toBe(false)
    expect(draft.use_excluded_part_ids).toBe(false)
    expect(draft.use_excluded_model_numbers).toBe(false)
  })

  test('MON-09 default threshold, evaluation_ratio 0.2, sample_size 150 and nothing selected', () => {
    expect(draft.monitor_filter).toMatchObject({
      cust_uuid: 'cust-1',
      plant_uuid: 'plant-1',
      line_uuid: '',
      signal_uuids: [],
      signal_group_uuids: [],
      part_numbers: [],
      part_attributes: [],
      evaluation_ratio: 0.2,
      sample_size: 150,
      alert_threshold: DEFAULT_ALERT_THRESHOLD,
    })
  })

  test('MON-09 a new monitor encodes to a create body without task_uuid', () => {
    const body = Schema.encodeSync(MonitorDraftFromTaskInput)(draft)
    expect('task_uuid' in body).toBe(false)
    expect(body.task_details.alert_threshold).toBe(ALERT_THRESHOLD_SERVER_VALUES[DEFAULT_ALERT_THRESHOLD])
  })
})
