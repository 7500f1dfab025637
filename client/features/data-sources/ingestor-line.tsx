import { ProgressCircle } from '@adobe/react-spectrum'
import { Messages } from '../../../shared/validation/messages'
import type { IngestorView } from './use-ingestor'

const D = Messages.dataSources

/** DS-01: the plant's ingestor id under the title, or why it is not shown. */
export function IngestorLine({ view }: { view: IngestorView }) {
  return (
    <p className="qm-ds-ingestor" data-testid="ingestor-id" aria-busy={view.kind === 'loading'}>
      {view.kind === 'loading' ? (
        <>
          <ProgressCircle size="S" isIndeterminate aria-label="Loading ingestor" /> Ingestor: loading…
        </>
      ) : (
        textOf(view)
      )}
    </p>
  )
}

function textOf(view: Exclude<IngestorView, { kind: 'loading' }>): string {
  switch (view.kind) {
    case 'loaded':
      return `Ingestor: ${view.id}`
    case 'error':
      return D.errorFetchingIngestor
    case 'no-plant':
      return D.plantIdRequired
    case 'offline':
      return view.lastKnown === undefined
        ? 'Ingestor: not known on this device (offline)'
        : `Ingestor: ${view.lastKnown} (last known on this device; offline)`
  }
}
