import { ActionButton, Item, Menu, MenuTrigger } from '@adobe/react-spectrum'
import More from '@spectrum-icons/workflow/More'
import { memo, useRef, type ComponentRef } from 'react'

/** Puts the focus back where the user was once the drawer the menu opened closes. */
export type ReturnFocus = () => void

/**
 * LINE-02: the per-row menu; its one action opens the Configure Line drawer. The menu item is gone
 * by the time the drawer closes, so the drawer is told to send the focus back to this button.
 */
export const LineRowMenu = memo(function LineRowMenu({
  lineId,
  lineName,
  onConfigure,
}: {
  lineId: string
  lineName: string
  /** The same function for every row (memoized: an edit of the line does not re-render the menu). */
  onConfigure: (lineId: string, returnFocus: ReturnFocus) => void
}) {
  const trigger = useRef<ComponentRef<typeof ActionButton>>(null)
  return (
    <MenuTrigger>
      <ActionButton ref={trigger} isQuiet aria-label={`Actions for ${lineName}`} UNSAFE_className="qm-hit">
        <More />
      </ActionButton>
      <Menu
        onAction={(key) => {
          if (key === 'configure') onConfigure(lineId, () => trigger.current?.focus())
        }}
      >
        <Item key="configure">Configure Line</Item>
      </Menu>
    </MenuTrigger>
  )
})
