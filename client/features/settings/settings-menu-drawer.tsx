import { ActionButton, Text } from '@adobe/react-spectrum'
import ShowMenu from '@spectrum-icons/workflow/ShowMenu'
import type { ReactNode } from 'react'
import { Drawer } from '../../components/drawer'

/** Wide enough for the longest item ("Signal Management") at the tablet's large type. */
const MENU_DRAWER_WIDTH_PX = 320

/**
 * The settings menu on screens narrower than WIDE_LAYOUT_QUERY (client/components/use-media-query.ts):
 * a Menu button (44 px, touch and keyboard) that opens the menu as a left drawer. The drawer is a
 * modal dialog: focus moves in, Tab stays inside, Escape or the scrim closes it, and focus returns to
 * the Menu button.
 */
export function SettingsMenuButton({ isOpen, onOpen }: { isOpen: boolean; onOpen: () => void }) {
  return (
    <ActionButton
      isQuiet
      onPress={onOpen}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      UNSAFE_className="qm-hit"
    >
      <ShowMenu />
      <Text>Menu</Text>
    </ActionButton>
  )
}

export function SettingsMenuDrawer({
  isOpen,
  onClose,
  children,
}: {
  isOpen: boolean
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Drawer isOpen={isOpen} onClose={onClose} title="Settings" width={MENU_DRAWER_WIDTH_PX} side="left">
      {children}
    </Drawer>
  )
}
