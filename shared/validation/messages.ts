/**
 * The message catalogue: every user-visible message of the specification, character for character
 * (typos included: 'less then', 'Invalid Start End'). Client and server both read from here, so the
 * online flow, the offline rejection and the REST error say exactly the same thing.
 */
import type { LIMIT_FIELDS } from '../constants'

type LimitField = (typeof LIMIT_FIELDS)[number]

export const Messages = {
  // ── Monitor form ──────────────────────────────────────────────────────────
  monitor: {
    mvdSignalSelection: 'At least 2 items must be selected',
    svdSignalSelection: 'Signal selection is required',
    wizardSignalSelection: 'Please select at least 1 signal.',
    signalSelectionField: 'Signal selection',
    requiredHint: 'Required',
    notesMaxLength: (n: number) => `Max length: ${n} characters`,
    nameLabel: 'Monitor name',
    frequencyLabel: 'Frequency',
    notesLabel: 'Notes',
    evaluationRatioLabel: 'Evaluation ratio',
    sampleSizeLabel: 'Sample size',
    durationLabel: 'Duration',
    /** FLT-06, ours (the specification shows no wording): what each composition can watch. */
    mvdCompatibility: (metric: string) =>
      `Compatible with 2 or more signals, or a signal group, of one line, compared together (${metric})`,
    svdCompatibility: (metric: string) =>
      `Compatible with one signal, its distribution compared over time (${metric})`,
    /** Ours: part attributes sent for a composition that has none (a capability monitor). */
    noPartAttributes: 'This monitor has no part attributes',
    /** Ours: a wire task whose record counts differ from its sample size (they are one value). */
    recordsMismatch: (field: string) => `${field} must equal sample_size`,
    /** Ours: a period field sent without the two modes that say what it means. */
    periodModesRequired: 'start_mode and end_mode are required with a period',
    /** Ours: chosen result classifications that the selected signals' result signals do not have. */
    classificationsNotFound: 'Some result classifications were not found on the selected signals',
    unknownAlertThreshold: (accepted: string) => `Unknown alert threshold: expected ${accepted}`,
    errorLoadingForm: 'Error loading form',
    saving: '...saving',
    loading: '...loading',
    duplicateTitle: 'Duplicate Monitor Found',
    duplicateBody: (name: string) => `You already have a monitor ${name} configured with these settings.`,
    editExistingMonitor: 'Edit existing monitor',
    saved: 'Monitor saved',
    created: 'Monitor created',
    errorCreating: 'Error creating monitor',
    errorSaving: 'Error saving monitor',
    rulesSaved: 'Alert rules saved',
    errorSavingRules: 'Error saving alert rules',
    monitorAndRulesSaved: 'Monitor and Alert rules saved',
    monitorAndRulesCreated: 'Monitor and Alert rules created',
    errorSavingBoth: 'Error saving monitor and alert rules',
    missingUuid: 'Monitor id is missing: the monitor cannot be saved',
    adminSaved: 'Monitor was successfully saved',
    adminErrorSaving: 'Error saving monitor',
    adminErrorDeleting: 'Error deleting monitor',
    deleteTitle: 'Delete this monitor?',
    deleteBody: (name: string) => `You are about to permanently delete the monitor : ${name}`,
    deleteIrreversible: 'This is irreversible.',
    noSvdMonitors: 'No SVD monitors found',
    noMvdMonitors: 'No MVD monitors found',
    unableToSaveTitle: 'Unable to Save Changes',
    unableToSaveBody:
      'We hit an issue saving your changes. Please retry, check your connection or contact customer success.',
    notFound: 'Monitor not found',
    signalNotOnLine: "Every selected signal must be a signal of the monitor's line",
    groupNotOnLine: "Every selected signal group must be a signal group of the monitor's line",
    inactiveLine: 'A monitor of an inactive line cannot be activated. Activate the line first.',
    unknownMonitorType: (types: string) => `Monitor type must be one of ${types}`,
  },

  // ── Signals tab and search ────────────────────────────────────────────────
  signalsTab: {
    selectedItems: 'Selected Items',
    searchPlaceholder: 'Search for stations, signals or part attributes',
    noResultsTitle: 'No results found',
    noResultsBody: 'There were no stations, signals or part attributes that match your search.',
    lockedWhileViewingClassifications: "Can't change selections while viewing result classifications",
  },

  // ── Query / filter ────────────────────────────────────────────────────────
  query: {
    invalidStartTime: 'Invalid Start time',
    invalidEndTime: 'Invalid Start End',
    svdInvalidStartTime: 'Invalid Start Time',
    svdInvalidEndTime: 'Invalid End Time',
    startBeforeEnd: 'Start time must be less then end time',
    selectionRequired: 'Selection is required',
    svdSelectionRequired: 'Selection is Required',
    partAttributesNotFound: 'Some part attributes were not found in collection',
    resultNotConfigured: 'Not Configured',
    resultAssociationWarning:
      "One or many signal(s) lack result association. This may impact the query. Click 'Configure now' to create associations",
    configureNow: 'Configure now',
    nonNegativeInteger: 'Must be a non-negative whole number',
    invalidPeriodModes: 'Either Start or End must be a time',
    timeZoneNote: (timeZone: string) => `Times are in ${timeZone}`,
  },

  // ── Alert rules ───────────────────────────────────────────────────────────
  alertRules: {
    runsRequired: 'Runs field is required',
    runsMin: 'Runs must be 1 or higher',
    runsMax: 'Runs must be 999 or less',
    breachesRequired: 'Breaches field is required',
    breachesMin: 'Breaches must be 1 or higher',
    breachesMax: 'Breaches must be 999 or less',
    timeRequired: 'Time field is required',
    timeMin: 'Time must be 1 min or more',
    timeMax: 'Time must be 1440 min (one day) or less',
    consecutiveRequired: 'Breaches field is required',
    consecutiveMin: 'Consecutive Breaches must be 1 or higher',
    consecutiveMax: 'Consecutive Breaches must be 999 or less',
    noRulesSet: 'No rules set: all breaches will trigger an alert',
    errorLoadingData: 'Error loading data',
    loading: '...loading',
    saving: '....saving',
    capDialogTitle: 'Cap Alert Rules',
    duplicateRuleType: 'Each alert rule type may appear only once',
    runsLabel: 'Runs',
    breachesLabel: 'Breaches',
    consecutiveLabel: 'Consecutive Breaches',
    timeLabel: 'Time',
  },

  // ── Generic text rules ({label} …) ────────────────────────────────────────
  text: {
    required: (label: string) => `${label} is required`,
    specialCharacters: (label: string) => `${label} cannot have special characters or symbols.`,
    minLength: (label: string, n: number) => `${label} must be at least ${n} characters`,
    leadingSpaces: (label: string) => `${label} cannot have leading spaces.`,
    atLeast: (label: string, n: number) => `${label} must be at least ${n}`,
    atMost: (label: string, n: number) => `${label} must be at most ${n}`,
    wholeNumber: (label: string) => `${label} must be a whole number`,
    /** Decision: NUL and unpaired UTF-16 surrogates cannot be stored as UTF-8 text (issue 12). */
    unstorableCharacters: (label: string) =>
      `${label} contains a character that cannot be stored (a NUL character or an unpaired surrogate)`,
    /** The notes wording of the spec, used for every length limit. */
    maxLength: (n: number) => `Max length: ${n} characters`,
  },

  // ── Signal management ─────────────────────────────────────────────────────
  signals: {
    noLinesTitle: 'No Lines',
    noLinesBody: 'No lines exist for this plant.',
    configuringSignalData: 'Configuring Signal Data',
    finalStationRequiresResult:
      'Only stations that contain a result signal can be designated as a Final Station',
    failedToUpdateStation: 'Failed to update Station',
    noLeadingSpaces: 'No leading spaces allowed.',
    associationSaved: 'Successfully Saved Association',
    associationError: 'Error Saving Associations',
    entityChangeSaved: 'Successfully Saved Entity Change',
    entityChangeError: 'Error Saving Entity Change',
    distributionSaved: 'Successfully Saved Distribution',
    distributionError: 'Error Saving Distribution',
    changeEntityType: 'Change Entity Type',
    savingEntityType: 'Saving...',
    atLeastOneMeasurement: 'At least one measurement must be selected.',
    noMoreThanOne: (what: 'upper limit' | 'lower limit' | 'result') =>
      `No more than 1 ${what} may be selected.`,
    singleBoundaryRequired: 'A single boundary must be selected when the signal is Single Sided.',
    confirmAssociations: 'I understand. Save this configuration.',
    selectionSummary: (n: number) => `See selection summary (${n})`,
    mixedStatusCannotBeSet: 'Mixed cannot be set',
    notAssociable: 'Only measurement, result, lower-limit and upper-limit signals can be associated.',
    signalNotFound: 'Signal not found',
    stationNotFound: 'Station not found',
    linkTargetType: (what: 'upper limit' | 'lower limit' | 'result', entityType: string) =>
      `The ${what} must be a signal of entity type ${entityType}`,
    singleSideOnlyForMeasurements: 'Distribution (single sided) can only be set for measurements',
  },

  // ── Result classifications ────────────────────────────────────────────────
  classifications: {
    drawerTitle: 'Edit Result Classifications',
    titleForSignal: (signal: string) => `Classifications for ${signal}`,
    common: 'Common Classifications',
    unique: 'Unique Classifications',
    withoutUnique: 'Without Unique Classifications',
    valueRequired: 'Value is required',
    valueUnique: 'Value must be unique',
    allMustBeResult: 'All selected signals must be of entity type result',
    sameConfiguration: 'Only result signals with the same configuration can be selected to view together',
    cannotViewMultiple: 'Cannot be Viewed for Multiple Signals',
    noAssociationsSet: 'No Associations Set',
    mixedAssociations: 'Mixed Associations',
    discardTitle: 'Discard Changes',
    continueEditing: 'Continue Editing',
    discardChanges: 'Discard Changes',
  },

  // ── Lines ─────────────────────────────────────────────────────────────────
  lines: {
    unableToFind: 'Unable to find the line',
    circularDependency:
      'The update introduces a circular dependency, where the feeder line eventually references itself through one or more connections. Please check the feeder lines and try again.',
    failedToActivate: 'Failed to activate line',
    failedToDeactivate: 'Failed to deactivate line',
    failedToUpdateOverviewAlertFilter: 'Failed to update Overview Alert Filter',
    thresholdMin: 'Must be greater than or equal to 0',
    thresholdMax: 'Must be less than or equal to 1000000',
    wholeNumber: 'Must be a whole number',
    alertWindowRange: 'Must be between 1 and 90',
    noDataAlertLabel: 'No Data Alert (hours)',
    alertDisplayedLabel: 'Alert Displayed (days)',
    friendlyNameLabel: 'Friendly name',
    noIngestion: 'No Ingestion',
    feederLineNotFound: 'Feeder line not found',
    feederLineSelf: 'A line cannot feed itself',
  },

  // ── Capability alerts and limits ──────────────────────────────────────────
  capAlerts: {
    tableNote: 'Table only shows signals with configured limits',
    noLimitsConfigured: 'No limits configured',
    noSignalsWithLimits: 'No signals with configured limits found',
    filterNoResult: 'Filter returns no result',
    errorLoadingData: 'Error Loading Data',
    errorSavingTitle: 'Error saving configuration',
    errorSavingBody: 'An error occurred while saving the configuration',
  },
  limits: {
    mustBeNumber: (field: LimitField) => `${field} must be a number`,
    lslLessThanUsl: 'LSL must be < USL',
    lclLessThanUcl: 'LCL must be < UCL',
    uclGreaterThanLcl: 'UCL must be > LCL',
    uslGreaterThanLsl: 'USL must be > LSL',
    singleSided: 'Single Sided',
    saved: 'Successfully saved limits',
    showOnlyWithLimits: 'Show only signals with limits',
    seeModels: 'See models',
    hideModels: 'Hide models',
    modelNumberUnique: 'Model number must be unique',
    lockedCell: (field: LimitField) => `${field} must be empty: the signal is Single Sided`,
  },

  // ── Microsoft Teams ───────────────────────────────────────────────────────
  teams: {
    urlBlank: 'URL cannot be blank',
    saveFailed: 'Teams webhook save failed. Please check the URL',
    configured: (line: string) => `Microsoft Teams integration for ${line} successfully configured`,
    deleted: (line: string) => `Microsoft Teams integration for ${line} successfully deleted`,
    deleteTitle: 'Delete Microsoft Teams Integration?',
    deleteBody: (line: string) =>
      `Alerts for ${line} will no longer be sent to this Microsoft Teams channel.`,
    statusConfigured: 'Configured',
    statusNotConfigured: 'Not Configured',
    invalidUrl: 'URL must be a valid https address',
  },

  // ── ETQ Reliance ──────────────────────────────────────────────────────────
  reliance: {
    errorSaving: (line: string) => `Error saving configuration for ${line} line`,
    /** Ours: the specification gives no success text. */
    saved: (line: string) => `ETQ configuration for ${line} line saved`,
    deleted: (line: string) => `ETQ integration for ${line} line removed`,
    deleting: 'Deleting ETQ integration...',
    deleteConfirm: 'This will remove the ETQ integration. Do you wish to continue?',
    noConfigurations: 'No ETQ configurations found',
    statusActive: 'Connection Active',
    statusFailed: 'Connection Failed',
    statusNotConfigured: 'Not Configured',
    hostLabel: 'Host',
    clientIdLabel: 'Client ID',
    clientSecretLabel: 'Client Secret',
    tokenUrlLabel: 'Token URL',
  },

  // ── Users ─────────────────────────────────────────────────────────────────
  users: {
    neverLoggedIn: 'Never logged in',
    totalUsers: 'Total users',
    emailRequired: 'Email is required',
    customerIdRequired: 'Customer ID is required',
    locationPlantIdRequired: 'Location plant ID is required',
    emailInvalid: 'Email is invalid',
    emailExists: 'User with the email already exists',
    errorAdding: 'Error adding user. See console for details.',
    added: 'User added successfully',
    roleUpdated: 'User Role Updated',
    errorSavingLocation: 'Error Saving Location',
    savedLocation: 'Saved Location',
    errorDeleting: 'Error deleting user. See console for details.',
    deleteConfirm: (email: string) => `Are you sure you want to delete ${email}?`,
    notFound: 'User not found',
    cannotChangeOwnRole: 'You cannot change your own role',
  },

  // ── Data sources ──────────────────────────────────────────────────────────
  dataSources: {
    title: 'Data Sources',
    none: 'No data sources',
    fetchErrorTitle: 'Fetch Sources Error',
    fetchErrorStatus: (status: number | string) => `Status : ${status}`,
    errorFetching: 'Error fetching datasources',
    errorFetchingIngestor: 'Error fetching ingestor',
    plantIdRequired: 'Plant ID is required to fetch ingestors.',
    deleted: 'Source was deleted Successfully',
    deleteErrorTitle: 'Error',
    notFound: 'Data source not found',
  },

  // ── Server and session ────────────────────────────────────────────────────
  sync: {
    savedOnDevice: 'Saved on this device — will sync',
    upgradeRequired: 'This app is out of date. Reload it to update; your pending changes are kept.',
    notYourChange: 'This change was made by another user and can only be sent when they sign in.',
    /** A pull by line (first sync) of a collection whose documents belong to no line. */
    notLineScoped: 'This collection cannot be pulled by line',
    /** A line screen during a device's first sync, until that line's signals and limits are stored. */
    lineArriving:
      "This line's signals are still arriving on this device; they appear here as soon as they are stored.",
    /** One action whose request alone would exceed the server's body limit (kept as a sync issue). */
    changeTooLarge: 'This change is too large to send to the server.',
    /** Our wording: an action whose arguments are of a later version than this host's intents. */
    newerAppChange:
      'This change was made by a newer version of the app and cannot be applied here. Update the app, then re-apply it.',
    /** Our wording: an action of an older version that its intent can no longer take, and why. */
    olderAppChange: (reason: string) =>
      `This change was made by an older version of the app and cannot be applied: ${reason}`,
    /** The reason when the action itself is gone. */
    actionRemoved: (name: string) => `the action "${name}" no longer exists.`,
    /** The reason when no upgrade step leads from the action's version. */
    noUpgradeStep: (version: number) => `there is no upgrade from its version ${version}.`,
    /**
     * Gateway mode: the sync server answers, but the plant's own server behind it does not; changes
     * wait on the device and go on their own once it answers again (docs/gateway.md).
     */
    authorityUnreachable:
      "The plant's server cannot be reached. Your changes are kept and sent when it answers.",
    authorityUnreachableShort: "The plant's server cannot be reached",
  },
  // ── Feature flags (SHELL-03): what a refusal of a feature that is off says, and the deployment setting ──
  features: {
    /** An action of a feature whose flag is off for the actor's plant (403, a kept rejection on a push). */
    off: (feature: string) => `${feature} is turned off for this plant`,
    /** FEATURE_FLAGS / the deployment endpoint: what was wrong, naming the key. */
    notAnObject: (where: string) => `${where} must be a JSON object`,
    unknownFlag: (where: string, key: string, known: string) =>
      `${where}: unknown feature flag '${key}' (known: ${known})`,
    notBoolean: (where: string, key: string) => `${where}: '${key}' must be true or false`,
    unknownCustomer: (customerId: string) => `Customer '${customerId}' has no plant on this server`,
    notJson: (where: string) => `${where} is not valid JSON`,
    notOnGateway: 'FEATURE_FLAGS cannot be set in gateway mode: the authority owns the plant and its flags',
  },
  server: {
    unauthorized: 'Unauthorized',
    forbidden: 'Forbidden resource',
    notFound: 'Not found',
    invalidCredentials: 'Invalid email or password',
    emailLabel: 'Email',
    passwordLabel: 'Password',
    malformedJson: 'Request body is not valid JSON',
    payloadTooLarge: 'Request body is too large',
    nestedTooDeeply: (levels: number) => `Request body is nested too deeply (more than ${levels} levels)`,
    invalidRequest: 'Invalid request',
    conflict: 'The document was changed by someone else',
    requestPathLabel: 'Request path',
    requestQueryLabel: 'Request query',
    requestBodyLabel: 'Request body',
    crossSiteRefused: 'Cross-site requests are not accepted',
    unsupportedMediaType: 'Request body must be JSON (Content-Type: application/json)',
    tooManySignIns: (minutes: number) =>
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    internal: 'Internal server error',
    /** Gateway mode: the plant's server (the authority) did not answer; nothing was changed for this call. */
    authorityUnavailable: "The plant's server cannot be reached",
    idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 visible ASCII characters',
    idempotencyKeyReused: 'Idempotency-Key was already used for a different request',
    /**
     * Ours: a change to a field of a line, station, signal or limits entry that the plant's data
     * source owns (a line's name, a signal's station). No user action may write it.
     */
    ingestedField: (field: string) => `${field} comes from the plant's data source and cannot be changed`,
  },
} as const
