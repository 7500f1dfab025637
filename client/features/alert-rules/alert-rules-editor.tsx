/**
 * RULE-01..03: the one alert-rules editor, mounted by the monitor form's Alert Rules tab and the
 * Cap Alert Rules dialog (CAPA-03). Controlled: the host owns the draft (`alert-rules-draft.ts`)
 * and decides about saving with `checkAlertRulesDraft(value).valid`; this component only edits it
 * and shows each bound's message live under its input. Switches and inputs are 44 px touch targets
 * and reachable by Tab; inputs of a rule that is off are disabled (they never block saving).
 */
import { Flex, Switch, Text, TextField } from '@adobe/react-spectrum'
import type { AlertRuleType } from '../../../shared/schema/alert-rule'
import { Messages } from '../../../shared/validation/messages'
import {
  checkAlertRulesDraft,
  ruleInputError,
  setRuleInput,
  setRuleOn,
  type AlertRulesDraft,
  type AnyRuleInput,
} from './alert-rules-draft'

export interface AlertRulesEditorProps {
  readonly value: AlertRulesDraft
  readonly onChange: (next: AlertRulesDraft) => void
  /** VIEW mode: everything shown, nothing editable. */
  readonly readOnly?: boolean
  /** Disables every control, e.g. while the host saves. */
  readonly isDisabled?: boolean
}

export const RULE_TITLES: Record<AlertRuleType, string> = {
  Consecutive: 'Consecutive',
  ExceedanceRuns: 'Exceedance Runs',
  ExceedanceTime: 'Exceedance Time',
}

const RULE_DESCRIPTIONS: Record<AlertRuleType, string> = {
  Consecutive: 'Alert after this many breaches in a row.',
  ExceedanceRuns: 'Alert when this many breaches occur within the last runs.',
  ExceedanceTime: 'Alert when this many breaches occur within the time window.',
}

const L = Messages.alertRules

const INPUT_LABELS: Record<AlertRuleType, Partial<Record<AnyRuleInput, string>>> = {
  Consecutive: { breaches: L.consecutiveLabel },
  ExceedanceRuns: { breaches: L.breachesLabel, runs: L.runsLabel },
  ExceedanceTime: { breaches: L.breachesLabel, minutes: `${L.timeLabel} (minutes)` },
}

export function AlertRulesEditor({
  value,
  onChange,
  readOnly = false,
  isDisabled = false,
}: AlertRulesEditorProps) {
  const { errors, noRules } = checkAlertRulesDraft(value)
  const types = Object.keys(RULE_TITLES) as AlertRuleType[]
  return (
    <div className="qm-alert-rules" role="group" aria-label="Alert Rules">
      {noRules && (
        <p className="qm-alert-rules-none" role="status">
          {noRules}
        </p>
      )}
      {types.map((type) => {
        const rule = value[type] as { on: boolean } & Partial<Record<AnyRuleInput, string>>
        const inputs = Object.entries(INPUT_LABELS[type]) as Array<[AnyRuleInput, string]>
        return (
          <section key={type} className="qm-alert-rule" aria-label={RULE_TITLES[type]} data-rule={type}>
            <Switch
              isEmphasized
              UNSAFE_className="qm-hit"
              isSelected={rule.on}
              isReadOnly={readOnly}
              isDisabled={isDisabled}
              onChange={(on) => onChange(setRuleOn(value, type, on))}
            >
              {RULE_TITLES[type]}
            </Switch>
            <Text UNSAFE_className="qm-alert-rule-note">{RULE_DESCRIPTIONS[type]}</Text>
            <Flex gap="size-300" wrap>
              {inputs.map(([input, label]) => {
                const message = rule.on ? ruleInputError(errors, type, input) : undefined
                return (
                  <TextField
                    key={input}
                    label={label}
                    inputMode="numeric"
                    pattern="[0-9]*"
                    width="size-2400"
                    value={rule[input] ?? ''}
                    isRequired={rule.on}
                    isReadOnly={readOnly}
                    isDisabled={isDisabled || !rule.on}
                    onChange={(raw) => onChange(setRuleInput(value, type, input as never, raw))}
                    {...(message !== undefined ? { validationState: 'invalid' as const } : {})}
                    errorMessage={message}
                  />
                )
              })}
            </Flex>
          </section>
        )
      })}
    </div>
  )
}
