import type { LocalDoc } from '../../db/collections'
import type { Link, LinkRole } from './signal-summary'
import { signalLabel } from './signal-tree'

const ROLE_LABELS: Readonly<Record<LinkRole, string>> = {
  upperLimit: 'upper limit',
  lowerLimit: 'lower limit',
  result: 'result',
}

/** Links in words ("Torque 1 → upper limit Torque 1 USL"), each marked create or delete. */
export function LinkList({
  links,
  signals,
  label,
  kind,
}: {
  links: ReadonlyArray<Link>
  signals: ReadonlyArray<LocalDoc<'signals'>>
  label: string
  kind: 'create' | 'delete'
}) {
  const byId = new Map(signals.map((s) => [s.id, s]))
  const name = (id: string) => {
    const s = byId.get(id)
    return s ? signalLabel(s) : id
  }
  return (
    <ul className="qm-sm-summary-list" aria-label={label}>
      {links.map((l) => (
        <li key={`${l.from}-${l.role}-${l.to}`} data-kind={kind}>
          <span className={`qm-sm-link-kind qm-sm-link-${kind}`}>{kind}</span> {name(l.from)} →{' '}
          {ROLE_LABELS[l.role]} {name(l.to)}
        </li>
      ))}
    </ul>
  )
}
