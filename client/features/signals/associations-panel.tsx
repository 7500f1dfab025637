import {
  ActionButton,
  Button,
  ButtonGroup,
  Content,
  Dialog,
  DialogContainer,
  Divider,
  Heading,
  Item,
  Menu,
  MenuTrigger,
  Text,
} from '@adobe/react-spectrum'
import { useMemo, useRef, useState, type PointerEvent } from 'react'
import type { AssociationContainer, AssociationContainers } from '../../../shared/validation/signal-rules'
import { Messages } from '../../../shared/validation/messages'
import type { LocalDoc } from '../../db/collections'
import {
  associationErrors,
  associationLinkChanges,
  CONTAINER_LABELS,
  CONTAINERS,
  entityChanges,
  initialContainers,
  moveChip,
} from './association-model'
import { useConfirm } from '../../components/confirm'
import { LinkList } from './link-list'
import { ENTITY_TYPE_LABELS, signalLabel } from './signal-tree'
import { isKept, useAction } from '../../hooks/use-action'

type SignalDoc = LocalDoc<'signals'>
const M = Messages.signals

/** Pixels a pointer must travel before a press becomes a drag (a tap stays a tap). */
const DRAG_THRESHOLD = 6

interface Drag {
  readonly id: string
  readonly x: number
  readonly y: number
  readonly over: AssociationContainer | undefined
}

/**
 * SM-10: the Associations panel. The selected signals are chips in the containers Measurement,
 * Upper limit, Lower limit and Result; dragging a chip (mouse, pen or finger: pointer events) or its
 * "Move to" menu (keyboard and screen readers) moves it, and with it its entity type. Confirm stays
 * disabled while a container rule fails; then two steps show the entity changes and every link
 * created or deleted before one action saves everything.
 */
export function AssociationsPanel({
  lineId,
  selected,
  lineSignals,
  singleSidedFlag,
  onClose,
}: {
  lineId: string
  selected: ReadonlyArray<SignalDoc>
  lineSignals: ReadonlyArray<SignalDoc>
  singleSidedFlag: boolean
  onClose: () => void
}) {
  const act = useAction()
  const confirm = useConfirm()
  const [initial] = useState<AssociationContainers>(() => initialContainers(selected))
  const [containers, setContainers] = useState<AssociationContainers>(initial)
  const [step, setStep] = useState<'edit' | 'entities' | 'links'>('edit')
  const [saving, setSaving] = useState(false)
  const [drag, setDrag] = useState<Drag | undefined>(undefined)
  const pressed = useRef<{ id: string; x: number; y: number } | undefined>(undefined)
  const byId = useMemo(() => new Map(lineSignals.map((s) => [s.id, s])), [lineSignals])
  const errors = associationErrors(containers, byId, singleSidedFlag)
  const changes = useMemo(() => entityChanges(containers, byId), [containers, byId])
  const links = useMemo(
    () => (step === 'links' ? associationLinkChanges(containers, lineSignals) : undefined),
    [step, containers, lineSignals],
  )
  const name = (id: string) => {
    const s = byId.get(id)
    return s ? signalLabel(s) : id
  }
  const errorFor = (path: string) => errors.find((e) => e.path[0] === path)?.message

  const containerAt = (x: number, y: number): AssociationContainer | undefined => {
    const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-drop-container]')
    return (el?.dataset.dropContainer as AssociationContainer | undefined) ?? undefined
  }
  const onPointerDown = (id: string) => (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return
    pressed.current = { id, x: e.clientX, y: e.clientY }
    e.currentTarget.setPointerCapture(e.pointerId)
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const start = pressed.current
    if (!start) return
    if (!drag && Math.hypot(e.clientX - start.x, e.clientY - start.y) < DRAG_THRESHOLD) return
    setDrag({ id: start.id, x: e.clientX, y: e.clientY, over: containerAt(e.clientX, e.clientY) })
  }
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const start = pressed.current
    pressed.current = undefined
    if (start && drag) {
      const to = containerAt(e.clientX, e.clientY)
      if (to) setContainers((c) => moveChip(c, start.id, to))
    }
    setDrag(undefined)
  }
  const onPointerCancel = () => {
    pressed.current = undefined
    setDrag(undefined)
  }

  const cancel = async () => {
    const moved = CONTAINERS.some((k) => containers[k].join() !== initial[k].join())
    if (moved) {
      const discard = await confirm({
        title: 'Discard changes?',
        body: 'The signals you moved have not been saved.',
        confirmLabel: 'Discard',
        cancelLabel: 'Keep editing',
        variant: 'destructive',
      })
      if (!discard) return
    }
    onClose()
  }

  const save = async () => {
    setSaving(true)
    const ok = isKept(
      await act(
        'saveSignalAssociations',
        { lineId, containers },
        { saved: M.associationSaved, failed: M.associationError },
      ),
    )
    setSaving(false)
    if (ok) {
      setStep('edit')
      onClose()
    }
  }

  return (
    <section className="qm-sm-assoc" aria-labelledby="qm-sm-assoc-title">
      <Heading level={3} id="qm-sm-assoc-title" margin={0}>
        Associations
      </Heading>
      <Text UNSAFE_className="qm-sm-hint">
        Drag a signal into another container, or use its Move button. Its entity type changes with it.
      </Text>
      <div className="qm-sm-containers">
        {CONTAINERS.map((container) => {
          const error = errorFor(container)
          return (
            <div
              key={container}
              role="group"
              aria-label={CONTAINER_LABELS[container]}
              className="qm-sm-container"
              data-drop-container={container}
              data-over={drag?.over === container}
              data-invalid={error !== undefined}
            >
              <div className="qm-sm-container-title">{CONTAINER_LABELS[container]}</div>
              {containers[container].length === 0 && <div className="qm-sm-container-empty">None</div>}
              {containers[container].map((id) => {
                const signal = byId.get(id)
                return (
                  <div
                    key={id}
                    className="qm-sm-chip"
                    data-chip={id}
                    data-dragging={drag?.id === id}
                    onPointerDown={onPointerDown(id)}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerUp}
                    onPointerCancel={onPointerCancel}
                  >
                    <span className="qm-sm-chip-label">
                      {name(id)}
                      {signal && container === 'measurement' && signal.entityType !== 'MEASUREMENT' && (
                        <span className="qm-sm-chip-type"> ({ENTITY_TYPE_LABELS[signal.entityType]})</span>
                      )}
                    </span>
                    <MenuTrigger>
                      <ActionButton isQuiet UNSAFE_className="qm-hit" aria-label={`Move ${name(id)}`}>
                        Move
                      </ActionButton>
                      <Menu
                        onAction={(key) => setContainers((c) => moveChip(c, id, key as AssociationContainer))}
                        disabledKeys={[container]}
                      >
                        {CONTAINERS.map((to) => (
                          <Item key={to}>{`Move to ${CONTAINER_LABELS[to]}`}</Item>
                        ))}
                      </Menu>
                    </MenuTrigger>
                  </div>
                )
              })}
              {error && (
                <div className="qm-sm-error" role="alert">
                  {error}
                </div>
              )}
            </div>
          )
        })}
      </div>
      {errorFor('boundary') && (
        <div className="qm-sm-error" role="alert">
          {errorFor('boundary')}
        </div>
      )}
      {drag && (
        <div className="qm-sm-chip qm-sm-ghost" style={{ left: drag.x, top: drag.y }} aria-hidden="true">
          {name(drag.id)}
        </div>
      )}
      <ButtonGroup marginTop="size-200">
        <Button variant="secondary" onPress={() => void cancel()}>
          Cancel
        </Button>
        <Button variant="accent" isDisabled={errors.length > 0} onPress={() => setStep('entities')}>
          Confirm
        </Button>
      </ButtonGroup>
      <DialogContainer onDismiss={() => !saving && setStep('edit')}>
        {step === 'entities' && (
          <Dialog>
            <Heading>Entity Changes</Heading>
            <Divider />
            <Content>
              {changes.length === 0 ? (
                <Text>No entity types change.</Text>
              ) : (
                <ul className="qm-sm-summary-list" aria-label="Entity changes">
                  {changes.map((c) => (
                    <li key={c.id}>
                      {name(c.id)}: {ENTITY_TYPE_LABELS[c.from]} → {ENTITY_TYPE_LABELS[c.to]}
                    </li>
                  ))}
                </ul>
              )}
            </Content>
            <ButtonGroup>
              <Button variant="secondary" onPress={() => setStep('edit')}>
                Cancel
              </Button>
              <Button variant="accent" onPress={() => setStep('links')} autoFocus>
                Next
              </Button>
            </ButtonGroup>
          </Dialog>
        )}
        {step === 'links' && links && (
          <Dialog>
            <Heading>Association Changes</Heading>
            <Divider />
            <Content>
              {links.created.length + links.deleted.length === 0 && <Text>No associations change.</Text>}
              {links.created.length > 0 && (
                <LinkList links={links.created} signals={lineSignals} label="Created" kind="create" />
              )}
              {links.deleted.length > 0 && (
                <LinkList links={links.deleted} signals={lineSignals} label="Deleted" kind="delete" />
              )}
            </Content>
            <ButtonGroup>
              <Button variant="secondary" isDisabled={saving} onPress={() => setStep('entities')}>
                Back
              </Button>
              <Button variant="accent" isDisabled={saving} onPress={() => void save()}>
                {M.confirmAssociations}
              </Button>
            </ButtonGroup>
          </Dialog>
        )}
      </DialogContainer>
    </section>
  )
}
