import type { FilterQuery, SvdQuery } from '../../../shared/query/period'

/**
 * A valid MVD filter query and SVD query (START_END, 6 hours on the day of the 2026 US spring-forward
 * change) for the query tests; each test file overrides only what it is about.
 */
export const filterQuery = (over: Partial<FilterQuery> = {}): FilterQuery => ({
  start_time: '2026-03-08T06:00:00.000Z',
  start_records: null,
  start_duration: null,
  start_mode: 'TIME',
  end_time: '2026-03-08T12:00:00.000Z',
  end_records: null,
  end_duration: null,
  end_mode: 'TIME',
  evaluation_ratio: 0.2,
  part_numbers: [],
  pass_fail_filter: 'ALL',
  signals: ['s-1', 's-2'],
  signalGroups: [],
  part_attributes: [],
  line_uuid: 'line-1',
  ...over,
})

export const svdQuery = (over: Partial<SvdQuery> = {}): SvdQuery => ({
  line_uuid: 'line-1',
  signal: { signal_uuid: 's-1' },
  start_time: '2026-03-08T06:00:00.000Z',
  end_time: '2026-03-08T12:00:00.000Z',
  samples: 150,
  period_duration: 3600000,
  pt_num: [],
  pass_fail_filter: 'ALL',
  evaluation_ratio: 0.2,
  period_mode: 'START_END',
  part_attributes: [],
  metric: 'WASSERSTEIN',
  frequency: 60,
  threshold: 'medium',
  ...over,
})
