import { Button, ButtonGroup, Flex, InlineAlert, Heading, Content, Text } from '@adobe/react-spectrum'
import { DRAWER_WIDTH_PX } from '../../../shared/constants'
import { Messages } from '../../../shared/validation/messages'
import { Drawer } from '../../components/drawer'
import { Skeleton } from '../../components/skeleton'
import { useDoc } from '../../db/hooks'
import { MonitorDetails } from './monitor-details'
import { ADMIN_PAGE_LABELS, type AdminMonitorType } from './monitor-labels'

interface MonitorDetailsDrawerProps {
  readonly type: AdminMonitorType
  readonly monitorId: string | undefined
  readonly isOpen: boolean
  onClose(): void
}

/**
 * MADM-02: the 750px drawer with a monitor's details in VIEW mode. It reads the monitor live, so an
 * edit or delete made elsewhere (another tab, another user) shows here at once.
 */
export function MonitorDetailsDrawer({ type, monitorId, isOpen, onClose }: MonitorDetailsDrawerProps) {
  const footer = (
    <Flex alignItems="center" gap="size-200" justifyContent="end" width="100%">
      {/* The editable forms (MON-*) come later; the button says where editing will live. */}
      <Text
        id="monitor-edit-note"
        UNSAFE_style={{ fontSize: 12, color: 'var(--spectrum-global-color-gray-700)' }}
      >
        Editing monitors is coming soon
      </Text>
      <ButtonGroup>
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
        <Button variant="primary" isDisabled aria-describedby="monitor-edit-note">
          Edit
        </Button>
      </ButtonGroup>
    </Flex>
  )
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title={ADMIN_PAGE_LABELS[type].drawerTitle}
      width={DRAWER_WIDTH_PX.monitor}
      footer={footer}
    >
      {/* Keyed: another monitor starts from "loading", never from the previous one's data. */}
      {monitorId !== undefined && <MonitorDetailsBody key={monitorId} monitorId={monitorId} />}
    </Drawer>
  )
}

/** A skeleton while the local query runs; "not found" only once it has answered that. */
function MonitorDetailsBody({ monitorId }: { monitorId: string }) {
  const { data: monitor, loading } = useDoc('monitors', monitorId)
  if (monitor) return <MonitorDetails monitor={monitor} />
  if (loading) return <Skeleton label="Loading monitor" lines={6} />
  return (
    <InlineAlert variant="notice">
      <Heading>{Messages.monitor.notFound}</Heading>
      <Content>It may have been deleted on another device.</Content>
    </InlineAlert>
  )
}
