import {
  Button,
  ButtonGroup,
  Checkbox,
  CheckboxGroup,
  Content,
  InlineAlert,
  Heading,
  Text,
} from '@adobe/react-spectrum'
import { useState } from 'react'
import { Drawer } from '../../components/drawer'
import type { LocalDoc } from '../../db/collections'
import { DRAWER_WIDTH_PX } from '../../../shared/constants'
import { findFeederCycle } from '../../../shared/validation/line-rules'
import { Messages } from '../../../shared/validation/messages'
import { lineLabel, sortByLabel } from './line-label'

interface FeederLinesDrawerProps {
  readonly isOpen: boolean
  readonly line: LocalDoc<'lines'>
  readonly lines: ReadonlyArray<LocalDoc<'lines'>>
  /** The feeder lines chosen so far in the line editor (not necessarily saved). */
  readonly selected: ReadonlyArray<string>
  readonly onApply: (feederLineIds: ReadonlyArray<string>) => void
  readonly onClose: () => void
}

/**
 * LINE-05 feeder lines (700px): every other line of the plant with a checkbox. Apply hands the
 * choice back to the line editor; nothing is written until the editor saves. A line that would make
 * this line feed itself (the shared rule findFeederCycle) cannot be chosen and says why; one already
 * chosen that way stays uncheckable so the loop can be undone. The editor refuses to save a loop
 * (LINE-06).
 */
export function FeederLinesDrawer({
  isOpen,
  line,
  lines,
  selected,
  onApply,
  onClose,
}: FeederLinesDrawerProps) {
  const [draft, setDraft] = useState<ReadonlyArray<string>>(selected)
  const [wasOpen, setWasOpen] = useState(isOpen)
  // Start from the editor's current choice each time the drawer opens (a Cancel leaves no trace).
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen)
    if (isOpen) setDraft(selected)
  }

  const others = sortByLabel(lines.filter((l) => l.id !== line.id))
  const cycle = findFeederCycle(line.id, draft, lines)
  const name = lineLabel(line)

  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title="Feeder Lines"
      width={DRAWER_WIDTH_PX.feederLine}
      footer={
        <ButtonGroup>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button variant="accent" onPress={() => onApply(draft)}>
            Apply
          </Button>
        </ButtonGroup>
      }
    >
      {others.length === 0 ? (
        <Text>There are no other lines in this plant.</Text>
      ) : (
        <CheckboxGroup label={`Lines that feed ${name}`} value={[...draft]} onChange={(ids) => setDraft(ids)}>
          {others.map((other) => {
            const loops = findFeederCycle(line.id, [other.id], lines)
            const noteId = `feeder-loop-${other.id}`
            return (
              <div key={other.id} className="qm-option" data-loop={loops || undefined}>
                <Checkbox
                  value={other.id}
                  isDisabled={loops && !draft.includes(other.id)}
                  {...(loops ? { 'aria-describedby': noteId } : {})}
                >
                  {other.active ? lineLabel(other) : `${lineLabel(other)} (inactive)`}
                </Checkbox>
                {loops && (
                  <Text id={noteId} UNSAFE_className="qm-option-note">
                    Would create a loop: {lineLabel(other)} is already fed by {name}, directly or through
                    other lines.
                  </Text>
                )}
              </div>
            )
          })}
        </CheckboxGroup>
      )}
      {cycle && (
        <InlineAlert variant="negative" marginTop="size-200">
          <Heading>{Messages.monitor.unableToSaveTitle}</Heading>
          <Content>{Messages.lines.circularDependency}</Content>
        </InlineAlert>
      )}
    </Drawer>
  )
}
