/**
 * The editable cells of the Users grid: the Role dropdown (USER-03), the Location select (USER-05,
 * saved at once), and the new row's e-mail field (USER-02). Each is named with the user's e-mail so
 * every control of the grid is distinct for touch and screen readers.
 */
import { Item, Picker, TextField } from '@adobe/react-spectrum'
import type { Key } from 'react'
import type { AssignableRole, Role } from '../../../shared/schema/user'
import type { LocationOption } from '../../../shared/validation/integration-rules'
import { enterSavesEscapeCancels, invalidWhen } from '../../components/field-state'

const ROLE_OPTIONS: ReadonlyArray<{ key: Role; label: string }> = [
  { key: 'user', label: 'User' },
  { key: 'administrator', label: 'Administrator' },
]
/** A contributor (SHELL-04) is shown as one, but nobody is made one here (README Decisions). */
const CONTRIBUTOR_OPTION = { key: 'contributor', label: 'Contributor' } as const

/** A role as the Role select names it. */
export const roleLabel = (role: Role): string => ROLE_OPTIONS.find((o) => o.key === role)?.label ?? role

export function RolePicker(props: {
  readonly email: string
  readonly role: Role
  readonly isDisabled?: boolean
  readonly onChange: (role: AssignableRole) => void
}) {
  const { email, role, isDisabled = false, onChange } = props
  return (
    <Picker
      aria-label={`Role of ${email}`}
      selectedKey={role}
      isDisabled={isDisabled}
      width="size-2000"
      items={role === 'contributor' ? [...ROLE_OPTIONS, CONTRIBUTOR_OPTION] : ROLE_OPTIONS}
      disabledKeys={[CONTRIBUTOR_OPTION.key]}
      onSelectionChange={(key: Key | null) => {
        if ((key === 'user' || key === 'administrator') && key !== role) onChange(key)
      }}
    >
      {(option) => <Item key={option.key}>{option.label}</Item>}
    </Picker>
  )
}

export function LocationPicker(props: {
  readonly label: string
  readonly options: ReadonlyArray<LocationOption>
  readonly selectedKey: string | null
  readonly error?: string | undefined
  readonly isDisabled?: boolean
  readonly onChange: (option: LocationOption) => void
}) {
  const { label, options, selectedKey, error, isDisabled = false, onChange } = props
  return (
    <Picker
      aria-label={label}
      selectedKey={selectedKey}
      isDisabled={isDisabled}
      width="size-2400"
      items={options}
      placeholder="Select a location"
      {...invalidWhen(error !== undefined)}
      errorMessage={error}
      onSelectionChange={(key: Key | null) => {
        const option = options.find((o) => o.key === key)
        if (option && option.key !== selectedKey) onChange(option)
      }}
    >
      {(option) => <Item key={option.key}>{option.label}</Item>}
    </Picker>
  )
}

export function NewUserEmailField(props: {
  readonly email: string
  readonly error: string | undefined
  readonly onChange: (email: string) => void
  readonly onSave: () => void
  readonly onCancel: () => void
}) {
  const { email, error, onChange, onSave, onCancel } = props
  return (
    <TextField
      autoFocus
      aria-label="Email of the new user"
      type="email"
      inputMode="email"
      width="100%"
      value={email}
      onChange={onChange}
      {...invalidWhen(error !== undefined)}
      errorMessage={error}
      onKeyDown={enterSavesEscapeCancels(onSave, onCancel)}
    />
  )
}
