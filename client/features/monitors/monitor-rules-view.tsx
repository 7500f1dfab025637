import { Badge, Flex, Text } from '@adobe/react-spectrum'
import { formFromRules, type AlertRuleFormValues } from '../../../shared/schema/alert-rule'
import { noRulesMessage } from '../../../shared/validation/alert-rules'
import { Messages } from '../../../shared/validation/messages'
import { useDoc } from '../../db/hooks'
import { DetailSection, type DetailItem } from './detail-list'

const L = Messages.alertRules

/** The rule form's values as text, through the shared conversion (time in minutes, as entered). */
function ruleItems(form: AlertRuleFormValues): ReadonlyArray<DetailItem> {
  const { Consecutive: c, ExceedanceRuns: r, ExceedanceTime: t } = form
  return [
    { label: 'Consecutive', value: <RuleValue on={c.on} text={`${L.consecutiveLabel}: ${c.breaches}`} /> },
    {
      label: 'Exceedance Runs',
      value: <RuleValue on={r.on} text={`${L.breachesLabel}: ${r.breaches} · ${L.runsLabel}: ${r.runs}`} />,
    },
    {
      label: 'Exceedance Time',
      value: (
        <RuleValue
          on={t.on}
          text={`${L.breachesLabel}: ${t.breaches} · ${L.timeLabel} (minutes): ${t.minutes}`}
        />
      ),
    },
  ]
}

function RuleValue({ on, text }: { on: boolean; text: string }) {
  return (
    <Flex alignItems="center" gap="size-100" wrap>
      <Badge variant={on ? 'positive' : 'neutral'}>{on ? 'On' : 'Off'}</Badge>
      <Text>{text}</Text>
    </Flex>
  )
}

/** A monitor's alert rules, read-only; a monitor without a rules document has no rules on (RULE-03). */
export function MonitorRulesView({ monitorId }: { monitorId: string }) {
  const { data: doc, loading } = useDoc('monitorRules', monitorId)
  if (loading) {
    return (
      <DetailSection title="Alert Rules">
        <Text>{L.loading}</Text>
      </DetailSection>
    )
  }
  const form = formFromRules(doc?.rules ?? [])
  const none = noRulesMessage(form)
  return (
    <DetailSection title="Alert Rules" items={ruleItems(form)}>
      {none && (
        <Text marginTop="size-100" UNSAFE_style={{ display: 'block', fontStyle: 'italic' }}>
          {none}
        </Text>
      )}
    </DetailSection>
  )
}
