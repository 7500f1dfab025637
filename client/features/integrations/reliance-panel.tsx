/**
 * The detail panel of one line in the ETQ Reliance grid (ETQ-02/03): View shows the configuration
 * with the secret as an 18-character mask; Edit has the four required fields, the secret starting
 * blank (it is write-only: the device never has the stored one), Save disabled until all are filled.
 */
import { Button, ButtonGroup, Flex, Form, TextField } from '@adobe/react-spectrum'
import { RELIANCE_SECRET_MASK, validateRelianceForm } from '../../../shared/validation/integration-rules'
import { Messages } from '../../../shared/validation/messages'
import type { LocalDoc } from '../../db/collections'
import type { RelianceDraft } from './reliance-drafts'

const R = Messages.reliance
type ConfigDoc = LocalDoc<'relianceConfigs'>

export function RelianceView({ config }: { config: ConfigDoc | undefined }) {
  const rows: ReadonlyArray<[string, string]> = [
    [R.hostLabel, config?.apiHost ?? '—'],
    [R.clientIdLabel, config?.clientId ?? '—'],
    [R.clientSecretLabel, config ? RELIANCE_SECRET_MASK : '—'],
    [R.tokenUrlLabel, config?.tokenEndpoint ?? '—'],
  ]
  return (
    <dl className="qm-etq-fields">
      {rows.map(([label, value]) => (
        <div key={label} className="qm-etq-field">
          <dt>{label}</dt>
          <dd data-field={label}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export const draftOf = (config: ConfigDoc | undefined): RelianceDraft => ({
  apiHost: config?.apiHost ?? '',
  clientId: config?.clientId ?? '',
  // ETQ-03: blank on edit.
  clientSecret: '',
  tokenEndpoint: config?.tokenEndpoint ?? '',
})

export function RelianceForm(props: {
  readonly lineName: string
  readonly draft: RelianceDraft
  readonly onChange: (draft: RelianceDraft) => void
  readonly onSave: () => void
  readonly onCancel: () => void
}) {
  const { lineName, draft, onChange, onSave, onCancel } = props
  const errors = validateRelianceForm(draft)
  const field = (key: keyof RelianceDraft, label: string, extra: { type?: 'password' | 'url' } = {}) => (
    <TextField
      label={label}
      isRequired
      necessityIndicator="icon"
      width="100%"
      autoComplete={key === 'clientSecret' ? 'new-password' : 'off'}
      {...extra}
      value={draft[key]}
      onChange={(value) => onChange({ ...draft, [key]: value })}
    />
  )
  return (
    <Form
      aria-label={`ETQ Reliance configuration of ${lineName}`}
      onSubmit={(e) => {
        e.preventDefault()
        if (errors.length === 0) onSave()
      }}
    >
      <div className="qm-etq-form">
        {field('apiHost', R.hostLabel, { type: 'url' })}
        {field('clientId', R.clientIdLabel)}
        {field('clientSecret', R.clientSecretLabel, { type: 'password' })}
        {field('tokenEndpoint', R.tokenUrlLabel, { type: 'url' })}
      </div>
      <Flex justifyContent="end" marginTop="size-150">
        <ButtonGroup>
          <Button variant="secondary" onPress={onCancel} UNSAFE_className="qm-hit">
            Cancel
          </Button>
          <Button variant="accent" type="submit" isDisabled={errors.length > 0} UNSAFE_className="qm-hit">
            Save
          </Button>
        </ButtonGroup>
      </Flex>
    </Form>
  )
}
