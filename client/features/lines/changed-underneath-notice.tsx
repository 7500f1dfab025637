import { Content, Heading, InlineAlert } from '@adobe/react-spectrum'
import type { LocalDoc } from '../../db/collections'
import type { LineFormValues } from '../../../shared/validation/line-rules'
import { Messages } from '../../../shared/validation/messages'
import { feederLabels } from './line-label'
import type { LineField } from './use-line-form'

const L = Messages.lines
const LABELS: Readonly<Record<LineField, string>> = {
  friendlyName: L.friendlyNameLabel,
  ingestionThresholdHours: L.noDataAlertLabel,
  alertViewingWindowDays: L.alertDisplayedLabel,
  feederLineIds: 'Feeder Lines',
  excludedPartIds: 'Excluded Part IDs',
  excludedModelNumbers: 'Excluded Model Numbers',
}

/**
 * Said inside the Configure Line drawer when another device changed a field the user is editing:
 * the user's value is kept, and Save would replace the other value.
 */
export function ChangedUnderneathNotice({
  fields,
  stored,
  lines,
}: {
  fields: ReadonlyArray<LineField>
  stored: LineFormValues
  lines: ReadonlyArray<LocalDoc<'lines'>>
}) {
  if (fields.length === 0) return null
  const show = (f: LineField): string => {
    const value = stored[f]
    if (f === 'feederLineIds') return feederLabels(stored.feederLineIds, lines).join(', ') || 'none'
    if (Array.isArray(value)) return value.join(', ') || 'none'
    return String(value) || 'empty'
  }
  return (
    <InlineAlert variant="notice" marginBottom="size-200">
      <Heading>Changed on another device</Heading>
      <Content>
        <div data-testid="changed-underneath">
          {fields.map((f) => (
            <p key={f} style={{ margin: '0 0 4px' }}>
              {LABELS[f]} is now “{show(f)}”. Your value is kept; Save replaces it.
            </p>
          ))}
        </div>
      </Content>
    </InlineAlert>
  )
}
