import {
  Button,
  ButtonGroup,
  Content,
  Dialog,
  DialogContainer,
  Divider,
  Heading,
  Item,
  Picker,
  Text,
} from '@adobe/react-spectrum'
import { useMemo, useState } from 'react'
import type { EntityType } from '../../../shared/schema/signal'
import type { FeatureFlags } from '../../../shared/schema/plant'
import { Messages } from '../../../shared/validation/messages'
import type { LocalDoc } from '../../db/collections'
import { LinkList } from './link-list'
import { commonValue, entityTypeChangeSummary, entityTypeOptions } from './signal-summary'
import { ENTITY_TYPE_LABELS, signalLabel } from './signal-tree'
import { isKept, useAction } from '../../hooks/use-action'

type SignalDoc = LocalDoc<'signals'>
const M = Messages.signals

/**
 * SM-07: the Entity Type picker. Choosing a type opens a summary of the conversions and of every
 * link the change dissociates (on the selected signals and on others); 'Change Entity Type' saves
 * all of it as one action and shows 'Saving...' meanwhile.
 */
export function EntityTypeField({
  selected,
  lineSignals,
  flags,
  isDisabled,
}: {
  selected: ReadonlyArray<SignalDoc>
  lineSignals: ReadonlyArray<SignalDoc>
  flags: FeatureFlags
  isDisabled: boolean
}) {
  const act = useAction()
  const [target, setTarget] = useState<EntityType | undefined>(undefined)
  const [saving, setSaving] = useState(false)
  const current = commonValue(selected, (s) => s.entityType)
  const options = entityTypeOptions(
    flags,
    selected.map((s) => s.entityType),
  ).map((t) => ({ id: t, label: ENTITY_TYPE_LABELS[t] }))
  const summary = useMemo(
    () => (target === undefined ? undefined : entityTypeChangeSummary(selected, lineSignals, target)),
    [target, selected, lineSignals],
  )

  const save = async () => {
    if (target === undefined) return
    setSaving(true)
    const ok = isKept(
      await act(
        'changeSignalEntityType',
        { signalIds: selected.map((s) => s.id), entityType: target },
        { saved: M.entityChangeSaved, failed: M.entityChangeError },
      ),
    )
    setSaving(false)
    if (ok) setTarget(undefined)
  }

  return (
    <>
      <Picker
        label="Entity Type"
        items={options}
        selectedKey={current ?? null}
        placeholder="Mixed"
        isDisabled={isDisabled}
        onSelectionChange={(key) => {
          if (key !== null && key !== current) setTarget(key as EntityType)
        }}
        width="size-3600"
        maxWidth="100%"
      >
        {(o) => <Item key={o.id}>{o.label}</Item>}
      </Picker>
      <DialogContainer onDismiss={() => !saving && setTarget(undefined)}>
        {target !== undefined && summary && (
          <Dialog>
            <Heading>{M.changeEntityType}</Heading>
            <Divider />
            <Content>
              <Text>
                Convert to <strong>{ENTITY_TYPE_LABELS[target]}</strong>:
              </Text>
              <ul className="qm-sm-summary-list" aria-label="Conversions">
                {summary.conversions.map((c) => (
                  <li key={c.signal.id}>
                    {signalLabel(c.signal)}: {ENTITY_TYPE_LABELS[c.from]} → {ENTITY_TYPE_LABELS[c.to]}
                  </li>
                ))}
              </ul>
              {summary.dissociations.length > 0 ? (
                <>
                  <Text>These associations will be removed:</Text>
                  <LinkList
                    links={summary.dissociations}
                    signals={lineSignals}
                    label="Dissociations"
                    kind="delete"
                  />
                </>
              ) : (
                <Text>No associations are removed.</Text>
              )}
            </Content>
            <ButtonGroup>
              <Button variant="secondary" isDisabled={saving} onPress={() => setTarget(undefined)}>
                Cancel
              </Button>
              <Button variant="accent" isDisabled={saving} onPress={() => void save()}>
                {saving ? M.savingEntityType : M.changeEntityType}
              </Button>
            </ButtonGroup>
          </Dialog>
        )}
      </DialogContainer>
    </>
  )
}
