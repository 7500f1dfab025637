/**
 * Every default, bound and timing of the product in one place. Values the specification gives are
 * marked "spec"; values it leaves "not shown" are our decisions and are listed in the README's
 * "Decisions" section — change them here and there together.
 */

// ── Monitor form ────────────────────────────────────────────────────────────
/** Decision: minutes between monitor runs. */
export const FREQUENCY_MIN_MINUTES = 1
/** Decision: one week. */
export const FREQUENCY_MAX_MINUTES = 10_080
/** Decision: hourly. */
export const FREQUENCY_DEFAULT_MINUTES = 60
/** Decision. */
export const NOTES_MAX_LENGTH = 1000
/** spec: notes box height. */
export const NOTES_ROWS = 5
export const ALERT_THRESHOLDS = ['low', 'medium', 'high'] as const
/** Decision. */
export const DEFAULT_ALERT_THRESHOLD = 'medium'
/** Decision: how the server encodes the client's alert threshold (task_details.alert_threshold). */
export const ALERT_THRESHOLD_SERVER_VALUES = { low: 0.99, medium: 0.95, high: 0.9 } as const
export const MONITOR_TYPES = ['cap', 'svd', 'mvd'] as const
export const VIEW_MODES = ['CREATE', 'EDIT', 'VIEW'] as const
/** spec: MVD metric; SVD default metric. */
export const MVD_METRIC = 'MAHALANOBIS'
export const SVD_DEFAULT_METRIC = 'WASSERSTEIN'
export const DEFAULT_METRIC = 'MAHALANOBIS'
/** Decision: base of the Default button's "next available name" (e.g. "MVD Monitor 3"). */
export const DEFAULT_MONITOR_NAME_PREFIX = {
  cap: 'CAP Monitor',
  svd: 'SVD Monitor',
  mvd: 'MVD Monitor',
} as const
/** Decision: cap monitors created by the Cap Alerts toggle. */
export const CAP_TASK_DEFAULT_FREQUENCY_MINUTES = 60
export const CAP_TASK_DEFAULT_ALERT_THRESHOLD = 'medium'
/** spec: MVD needs at least this many signals (or one group). */
export const MVD_MIN_SIGNALS = 2
export const MVD_MIN_GROUPS = 1

// ── Query and filter (spec) ─────────────────────────────────────────────────
export const PERIOD_MODES = [
  'START_END',
  'START_RECORDS',
  'END_RECORDS',
  'START_DURATION',
  'END_DURATION',
] as const
export const PERIOD_INPUT_MODES = ['TIME', 'DURATION', 'RECORDS'] as const
export const OPERATION_COUNTS = ['ALL', 'FIRST', 'LAST'] as const
export const PASS_FAIL_FILTERS = ['ALL', 'PASS', 'FAIL'] as const
export const PASS_FAIL_FILTER_DEFAULT = 'ALL'
/** Decision: how far past the server's clock a picked time may be (a device clock running fast). */
export const CLOCK_SKEW_TOLERANCE_MS = 5 * 60_000
export const DURATION_MIN_MS = 60_000
export const DURATION_MAX_MS = 180_000_000
export const DURATION_DEFAULT_MS = 3_600_000
export const DEFAULT_RECORDS = 150
export const DEFAULT_QUERY_WINDOW = 3000
export const MIN_EVALUATION_RECORDS = 25
export const MIN_TIME_DIFFERENCE_MS = 1000
export const EVALUATION_RATIO_DEFAULT = 0.2
export const EVALUATION_RATIO_QUERY_MIN = 0.01
export const EVALUATION_RATIO_QUERY_MAX = 0.5
export const EVALUATION_RATIO_DECIMALS = 4
/** spec: 25 / 0.5. */
export const MIN_RECORDS = MIN_EVALUATION_RECORDS / EVALUATION_RATIO_QUERY_MAX
/** Decision: the "environment maximum" of records (variable not shown). */
export const ENVIRONMENT_MAX_RECORDS = 100_000
export const SAMPLE_SIZE_DEFAULT = 150

// ── Training split (spec) ───────────────────────────────────────────────────
export const TRAINING_SPLIT_DEFAULT_PERCENT = 20
export const TRAINING_SPLIT_MIN_PERCENT = 1
export const TRAINING_SPLIT_MAX_PERCENT = 99
export const TRAINING_SPLIT_STEP = 5
export const TRAINING_SPLIT_DECIMALS = 2

// ── Alert rules (spec) ──────────────────────────────────────────────────────
export const ALERT_RULE_TYPES = ['Consecutive', 'ExceedanceRuns', 'ExceedanceTime'] as const
export const ALERT_RULE_DEFAULTS = {
  breachesForRuns: 7,
  breachesForTime: 7,
  runs: 15,
  seconds: 900,
  consecutiveBreaches: 1,
} as const
export const ALERT_RULE_COUNT_MIN = 1
export const ALERT_RULE_COUNT_MAX = 999
export const ALERT_RULE_SECONDS_MIN = 60
export const ALERT_RULE_SECONDS_MAX = 86_400
export const SECONDS_PER_MINUTE = 60

// ── Lines (spec) ────────────────────────────────────────────────────────────
export const INGESTION_THRESHOLD_HOURS_MIN = 0
export const INGESTION_THRESHOLD_HOURS_MAX = 1_000_000
/** Decision: threshold for a line that never had one. */
export const INGESTION_THRESHOLD_HOURS_DEFAULT = 24
export const ALERT_VIEWING_WINDOW_DAYS_MIN = 1
export const ALERT_VIEWING_WINDOW_DAYS_MAX = 90
export const ALERT_VIEWING_WINDOW_DAYS_DEFAULT = 90
export const ACTIVE_MONITOR_COUNT_REFRESH_MS = 60_000
export const ALERT_VIEWING_WINDOW_REFRESH_MS = 10_000

// ── Text rules (spec) ───────────────────────────────────────────────────────
export const TEXT_MIN_LENGTH_DEFAULT = 5
/** Decision: longest friendly name, line or signal. */
export const FRIENDLY_NAME_MAX_LENGTH = 100
/** Decision: longest monitor name. */
export const MONITOR_NAME_MAX_LENGTH = 100

// ── Signals and limits (spec) ───────────────────────────────────────────────
export const ENTITY_TYPES = [
  'MEASUREMENT',
  'PART_ATTRIBUTE',
  'UPPER_LIMIT',
  'LOWER_LIMIT',
  'RESULT',
  'COMPONENT_ID',
  'UNITS',
  'UNKNOWN',
] as const
/** spec: only these can be associated. */
export const ASSOCIABLE_ENTITY_TYPES = ['MEASUREMENT', 'RESULT', 'LOWER_LIMIT', 'UPPER_LIMIT'] as const
export const QUALITY_CHARACTERISTICS = ['None', 'Critical', 'Significant', 'High impact'] as const
export const SINGLE_SIDES = ['LOWER', 'UPPER'] as const
export const CLASSIFICATION_RESULTS = ['pass', 'fail', 'other'] as const
export const NEW_CLASSIFICATION_RESULT = 'other'
export const DEFAULT_MODEL_NUMBER = '*'
export const LIMIT_FIELDS = ['LSL', 'LCL', 'UCL', 'USL'] as const
export const RELIANCE_CONNECTION_STATUSES = ['SUCCESS', 'ERROR', 'NOT_CONFIGURED'] as const
export const RELIANCE_SECRET_MASK_LENGTH = 18
/** Decision: how long the server waits for a Reliance token endpoint when it tests a saved configuration. */
export const RELIANCE_TOKEN_TIMEOUT_MS = 10_000
/** Decision: the most of a token endpoint's answer the server reads (a token answer is a few KB). */
export const RELIANCE_TOKEN_ANSWER_MAX_BYTES = 64 * 1024
/** Decision: id of the special station that has no 'Configure Station' button. */
export const SPECIAL_STATION_ID = 'unassigned-station'

// ── Users and roles (spec) ──────────────────────────────────────────────────
/**
 * Every role a user may hold. 'contributor' is the role the specification's current-user check names
 * (settings-area.md §6); it works as a user does and is never an administrator (README Decisions).
 */
export const ROLES = ['user', 'administrator', 'contributor'] as const
/** What the Users grid's Role dropdown and setUserRole offer (USER-03: User / Administrator). */
export const ASSIGNABLE_ROLES = ['user', 'administrator'] as const
export const LOCATION_CORPORATE = 'corporate'
export const LOCATION_UNASSIGNED = 'unassigned'
export const LOCATION_PROVIDER = 'provider'
/** How long a device (and a gateway) trusts the role it was told before asking again (SHELL-04). */
export const ROLE_CACHE_MS = 5 * 60_000

// ── Settings sections (spec) ────────────────────────────────────────────────
export const SETTINGS_SECTIONS = [
  'DATA_SOURCES',
  'ETQ_RELIANCE',
  'LINE_MANAGEMENT',
  'MS_TEAMS',
  'MVD_ANOMALY_MONITORS',
  'SIGNAL_MANAGEMENT',
  'SPC_ALERT',
  'SPC_LIMITS',
  'SVD_ANOMALY_MONITORS',
  'USER_MANAGEMENT',
] as const
export const DEFAULT_SETTINGS_SECTION = 'SPC_ALERT'
export const FEATURE_FLAGS = [
  'multiVariateCreation',
  'etqIntegration',
  'singleSidedLimits',
  'limits',
  'excludeParts',
  'userDeletion',
  'userLocation',
  'limitEntityTypeSelection',
  'resultEntityTypeSelection',
  'componentEntityTypeSelection',
  'partMarriage',
  'multiselect',
] as const

// ── UI timings and sizes (spec) ─────────────────────────────────────────────
export const DEBOUNCE_MS = {
  frequency: 900,
  generic: 500,
  periodInput: 700,
  trainingSplitSlider: 400,
  percentInput: 900,
} as const
export const DRAWER_WIDTH_PX = { default: 950, monitor: 750, line: 750, feederLine: 700 } as const
export const DRAWER_ENTER_MS = 500
export const DRAWER_EXIT_MS = 420
export const MONITOR_SNACKBAR_MS = 3300
export const ALERT_SNACKBAR_MS = 4000
export const RESULT_SELECT_MENU = { maxHeightPx: 177, widthPx: 250 } as const
export const GRID_ROW_HEIGHT_PX = 65

// ── Server limits (decisions) ───────────────────────────────────────────────
/** Largest request body the server reads; larger answers 413. */
export const MAX_REQUEST_BODY_BYTES = 1_000_000
/**
 * Deepest nesting of arrays and objects a request body may have; deeper answers 400 before the body
 * is parsed (sync-server/http/json-depth.ts). The deepest real body (a pushed monitor with rules) is
 * under 12 levels; a hostile one nested 500,000 levels fits in the 1 MB limit and once took seconds
 * to refuse while every other request waited.
 */
export const MAX_REQUEST_BODY_DEPTH = 64
/**
 * How long the server remembers a pushed action's verdict (its intent log row), so that the same
 * action sent again — its answer lost on the way — is answered from the log instead of applied
 * twice. Three times the 30-day session: a device that went offline right after a push retries on
 * its next sync, even after its user had to sign in again. Older rows are deleted at every start
 * and once a day (docs/operations.md).
 */
export const INTENT_LOG_RETENTION_DAYS = 90
/** How often a running server deletes intent log rows older than INTENT_LOG_RETENTION_DAYS. */
export const INTENT_LOG_PRUNE_EVERY_MS = 86_400_000
/**
 * Largest replication pull page, and the page a device asks for. Pages are written to IndexedDB in
 * one bulk write each: measured on 100,000 signals, 5,000-document writes took 20.5 s against 25.0 s
 * for 1,000 (a raw IndexedDB write of the same documents: 19.6 s), so a first sync asks for 5,000.
 */
export const MAX_PULL_BATCH = 5000
export const DEFAULT_PULL_BATCH = 5000
/**
 * Sign-in throttling (decision): after 5 wrong passwords for one e-mail from one address, or 50
 * from one address whatever the e-mail, sign-in answers 429 until the 15-minute window has passed.
 * Five covers a user fumbling a tablet keyboard; fifty lets a shared plant gateway through.
 */
export const SIGN_IN_MAX_FAILURES_PER_EMAIL = 5
export const SIGN_IN_MAX_FAILURES_PER_ADDRESS = 50
export const SIGN_IN_FAILURE_WINDOW_MINUTES = 15
