/**
 * Re-apply with corrections: the values a refused action tried, open for editing, checked by the
 * device's own rules as the user types (the server's answer would be the same for every rule the
 * device knows), and sent only when the user says so. Opened instead of a plain re-send when the
 * server refused the values themselves, so pressing Re-apply never just repeats a refusal.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import {
  Button,
  ButtonGroup,
  Checkbox,
  CheckboxGroup,
  Content,
  Heading,
  InlineAlert,
  NumberField,
  Switch,
  TextField,
} from '@adobe/react-spectrum'
import type { Rejection } from '../../../shared/sync/protocol'
import { fieldLabel, formatValue } from './issue-format'
import type { DraftField } from './reapply-draft'

interface Props {
  readonly what: string
  readonly initial: ReadonlyArray<DraftField>
  readonly lineNames: ReadonlyMap<string, string>
  /** The device's verdict on these values: null when it would apply them. */
  readonly check: (fields: ReadonlyArray<DraftField>) => Promise<Rejection | null>
  readonly onSend: (fields: ReadonlyArray<DraftField>) => Promise<void>
  readonly onCancel: () => void
}

export function ReapplyEditor({ what, initial, lineNames, check, onSend, onCancel }: Props) {
  const [fields, setFields] = useState<ReadonlyArray<DraftField>>(initial)
  const [verdict, setVerdict] = useState<{ for: ReadonlyArray<DraftField>; rejection: Rejection | null }>()
  const [sending, setSending] = useState(false)
  const first = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let current = true
    void check(fields).then(
      (rejection) => current && setVerdict({ for: fields, rejection }),
      () => current && setVerdict({ for: fields, rejection: null }),
    )
    return () => {
      current = false
    }
  }, [check, fields])

  // The first input takes focus, so a keyboard user lands where the correction is made.
  useEffect(() => {
    first.current?.querySelector<HTMLElement>('input, textarea')?.focus()
  }, [])

  const set = (index: number, value: unknown) =>
    setFields((all) => all.map((f, i) => (i === index ? ({ ...f, value } as DraftField) : f)))
  const checked = verdict?.for === fields
  const rejection = checked ? verdict.rejection : null
  const lineOptions = useMemo(() => [...lineNames.entries()], [lineNames])

  const send = async () => {
    setSending(true)
    try {
      await onSend(fields)
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="qm-reapply-editor" role="group" aria-label={`Correct and re-apply: ${what}`}>
      <p>Correct what you tried, then send it again.</p>
      {fields.map((field, index) => (
        <div key={field.path.join('.')} ref={index === 0 ? first : undefined} className="qm-reapply-field">
          <FieldInput field={field} lineOptions={lineOptions} onChange={(v) => set(index, v)} />
        </div>
      ))}
      {rejection && (
        <InlineAlert variant="negative" marginY="size-100">
          <Heading>As it is, this would be refused</Heading>
          <Content>{rejection.message}</Content>
        </InlineAlert>
      )}
      <ButtonGroup marginTop="size-100" isDisabled={sending}>
        <Button variant="accent" onPress={() => void send()} isDisabled={!checked || rejection !== null}>
          Send
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
      </ButtonGroup>
    </div>
  )
}

function FieldInput({
  field,
  lineOptions,
  onChange,
}: {
  field: DraftField
  lineOptions: ReadonlyArray<readonly [string, string]>
  onChange: (value: unknown) => void
}) {
  const label = fieldLabel(field.name)
  switch (field.kind) {
    case 'text':
      return <TextField label={label} value={field.value} onChange={onChange} width="100%" />
    case 'number':
      return (
        <NumberField
          label={label}
          value={field.value}
          onChange={(v) => onChange(Number.isNaN(v) ? 0 : v)}
          hideStepper
          width="size-2400"
        />
      )
    case 'switch':
      return (
        <Switch isSelected={field.value} onChange={onChange}>
          {label}
        </Switch>
      )
    case 'lines':
      return (
        <CheckboxGroup label={label} value={[...field.value]} onChange={onChange}>
          {lineOptions.map(([id, name]) => (
            <Checkbox key={id} value={id}>
              {name}
            </Checkbox>
          ))}
        </CheckboxGroup>
      )
    case 'fixed':
      return (
        <p>
          <strong>{label}:</strong> {formatValue(field.value)}
        </p>
      )
  }
}
