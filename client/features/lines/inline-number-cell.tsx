import { ActionButton, Text, TextField } from '@adobe/react-spectrum'
import { useEffect, useRef, useState, type ComponentRef } from 'react'
import { enterSavesEscapeCancels, invalidWhen } from '../../components/field-state'
import { parseNumericInput } from '../../../shared/validation/line-rules'

interface InlineNumberCellProps {
  readonly value: number
  /** The column's name, e.g. 'No Data Alert (hours)'. */
  readonly label: string
  readonly lineName: string
  /** A shared rule: the exact message for the typed text, or undefined when it is valid. */
  readonly validate: (input: string) => string | undefined
  readonly onCommit: (value: number) => Promise<void> | void
  readonly isDisabled?: boolean
}

/**
 * LINE-04: a grid cell that shows its number and turns into a text field when pressed. Enter or
 * leaving the field commits a valid value, Escape cancels; an invalid value keeps the field open
 * with the rule's message under it, so nothing typed is lost.
 */
export function InlineNumberCell({
  value,
  label,
  lineName,
  validate,
  onCommit,
  isDisabled,
}: InlineNumberCellProps) {
  const [draft, setDraft] = useState<string | undefined>(undefined)
  const [touched, setTouched] = useState(false)
  const buttonRef = useRef<ComponentRef<typeof ActionButton>>(null)
  const refocus = useRef(false)
  // Guards against a blur that arrives after Enter or Escape already closed the editor.
  const open = useRef(false)
  const editing = draft !== undefined

  useEffect(() => {
    // Back to the cell's button after Enter or Escape (not after a blur: the user went elsewhere).
    if (!editing && refocus.current) {
      refocus.current = false
      // After the next frame has painted (a task queued from the frame): focus() forces a style
      // pass and re-renders the button's focus ring, which in the frame itself came before the
      // paint of the edit's value; the ring now follows a frame later. Not if the user has focused
      // something else meanwhile.
      let timer: number | undefined
      const frame = requestAnimationFrame(() => {
        timer = window.setTimeout(() => {
          const active = document.activeElement
          if (!active || active === document.body) buttonRef.current?.focus()
        }, 0)
      })
      return () => {
        cancelAnimationFrame(frame)
        window.clearTimeout(timer)
      }
    }
  }, [editing])

  const error = editing ? validate(draft) : undefined
  const close = (focusCell: boolean) => {
    open.current = false
    refocus.current = focusCell
    setDraft(undefined)
    setTouched(false)
  }
  const commit = (focusCell: boolean) => {
    if (draft === undefined || !open.current) return
    if (error !== undefined) {
      setTouched(true)
      return
    }
    const next = parseNumericInput(draft)
    close(focusCell)
    if (next !== undefined && next !== value) void onCommit(next)
  }

  if (!editing) {
    return (
      <ActionButton
        ref={buttonRef}
        isQuiet
        isDisabled={isDisabled ?? false}
        aria-label={`${label} for ${lineName}: ${value}. Press to edit`}
        onPress={() => {
          open.current = true
          setDraft(String(value))
        }}
        UNSAFE_className="qm-hit"
        UNSAFE_style={{ minWidth: 64, justifyContent: 'flex-start' }}
      >
        <Text>{value}</Text>
      </ActionButton>
    )
  }
  return (
    <TextField
      autoFocus
      aria-label={`${label} for ${lineName}`}
      width="size-1700"
      inputMode="numeric"
      value={draft}
      onChange={(text) => {
        setDraft(text)
        setTouched(true)
      }}
      {...invalidWhen(touched && error !== undefined)}
      errorMessage={error}
      onKeyDown={enterSavesEscapeCancels(
        () => commit(true),
        () => close(true),
      )}
      onBlur={() => commit(false)}
    />
  )
}
