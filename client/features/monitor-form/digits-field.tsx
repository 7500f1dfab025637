/**
 * A whole-number input that accepts digits only (MON-04, FLT-03, FLT-05) and commits what was typed
 * after a pause (the spec's debounce) and on blur, where the shared clamp/correction applies. The
 * text stays as typed while the user types, so a value is never corrected under their fingers.
 */
import { useEffect, useRef, useState } from 'react'
import { TextField } from '@adobe/react-spectrum'

interface DigitsFieldProps {
  readonly label: string
  readonly value: number | null
  readonly debounceMs: number
  readonly isDisabled: boolean
  /** Decimal point allowed (percent inputs: 2 decimals). */
  readonly decimals?: boolean
  readonly errorMessage?: string | undefined
  readonly description?: string
  readonly width?: string
  /** Receives the text as typed; the parent corrects it (and the field shows the corrected value on blur). */
  onCommit(text: string): void
}

export function DigitsField({
  label,
  value,
  debounceMs,
  isDisabled,
  decimals = false,
  errorMessage,
  description,
  width = 'size-2000',
  onCommit,
}: DigitsFieldProps) {
  const shown = value === null ? '' : String(value)
  const [text, setText] = useState(shown)
  const [focused, setFocused] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const commit = useRef(onCommit)
  useEffect(() => {
    commit.current = onCommit
  }, [onCommit])
  useEffect(() => () => clearTimeout(timer.current), [])

  // Follows the stored value (a correction, another tab, a reset) while the user is not typing.
  if (!focused && text !== shown) setText(shown)

  const allowed = decimals ? /^[0-9]*(\.[0-9]{0,2})?$/ : /^[0-9]*$/
  return (
    <TextField
      label={label}
      value={text}
      inputMode={decimals ? 'decimal' : 'numeric'}
      isDisabled={isDisabled}
      width={width}
      maxWidth="100%"
      {...(description ? { description } : {})}
      {...(errorMessage ? { errorMessage, validationState: 'invalid' as const } : {})}
      onFocus={() => setFocused(true)}
      onChange={(next) => {
        if (!allowed.test(next)) return
        setText(next)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => commit.current(next), debounceMs)
      }}
      onBlur={() => {
        clearTimeout(timer.current)
        commit.current(text)
        setFocused(false)
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          clearTimeout(timer.current)
          commit.current(text)
        }
        e.continuePropagation()
      }}
    />
  )
}
