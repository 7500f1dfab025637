/**
 * Settings › Data Sources (DS-01..03), administrators only. The sources are replicated, so the cards
 * come from the local database and the screen works offline; a delete is a local action sent when
 * possible. Refresh (decision, see use-data-source-refresh.ts) asks the server for the plant's
 * sources — surfacing the spec's fetch errors — and re-pulls; offline it says what the list is. The
 * ingestor is fetched from the server as the spec does (use-ingestor.ts).
 */
import { ActionButton, Button, Flex, Heading, InlineAlert, Content, Text, View } from '@adobe/react-spectrum'
import { useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react'
import { useRouter } from '@tanstack/react-router'
import { ALERT_SNACKBAR_MS } from '../../../shared/constants'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { PendingMark } from '../../components/pending-mark'
import { PlantDateTime } from '../../components/plant-date-time'
import { Skeleton } from '../../components/skeleton'
import type { LocalDoc } from '../../db/collections'
import { usePlant, useSyncStatusOf } from '../../db/react/data-context'
import { useAction, type ActionProblem } from '../../hooks/use-action'
import { useDocs } from '../../db/react/hooks'
import { IngestorLine } from './ingestor-line'
import { useDataSourceRefresh } from './use-data-source-refresh'
import { useIngestor } from './use-ingestor'
import { compareNames } from '../../../shared/text/name-order'

type SourceDoc = LocalDoc<'dataSources'>
const D = Messages.dataSources

export default function DataSourcesPage() {
  const { plant, loading: plantLoading } = usePlant()
  const { data: sources, loading } = useDocs('dataSources')
  const online = useSyncStatusOf((s) => s.online)
  const act = useAction()
  const confirm = useConfirm()
  const [notice, setNotice] = useState<string | undefined>(undefined)
  const { refresh, refreshing, fetchError } = useDataSourceRefresh(plant?.id)
  const { view: ingestor, reload: reloadIngestor } = useIngestor({
    loading: plantLoading,
    id: plant?.id,
    knownId: plant?.ingestorId ?? undefined,
  })

  const sorted = useMemo(
    () => [...sources].sort((a, b) => compareNames(a.name, b.name) || a.id.localeCompare(b.id)),
    [sources],
  )

  // DS-03: the success alert shows for 4 s (and Refresh clears it at once).
  useEffect(() => {
    if (notice === undefined) return
    const timer = setTimeout(() => setNotice(undefined), ALERT_SNACKBAR_MS)
    return () => clearTimeout(timer)
  }, [notice])

  const onRefresh = useCallback(() => {
    setNotice(undefined)
    reloadIngestor()
    void refresh()
  }, [refresh, reloadIngestor])

  const remove = useCallback(
    async (source: SourceDoc) => {
      const ok = await confirm({
        title: source.name,
        body: `Delete the data source ${source.name}? Its topic ${source.topic} will no longer be ingested.`,
        confirmLabel: 'Delete',
        cancelLabel: 'Cancel',
        variant: 'destructive',
      })
      if (!ok) return
      // DS-03: the outcome in the page's alert; a refusal or failure in the error dialog as 'status text'.
      await act(
        'deleteDataSource',
        { dataSourceId: source.id },
        {
          saved: D.deleted,
          failed: (err: unknown) => (err instanceof Error ? err.message : String(err)),
          unchangedAsSaved: true,
          onSaved: setNotice,
          onProblem: ({ rejection, message }: ActionProblem) =>
            confirm({
              title: D.deleteErrorTitle,
              body: `${rejection?.status ?? 0} ${message}`,
              variant: 'error',
            }),
        },
      )
    },
    [act, confirm],
  )

  return (
    <View>
      <Flex alignItems="center" justifyContent="space-between" wrap gap="size-200">
        <Heading level={2} margin={0}>
          {D.title}
        </Heading>
        <Button variant="secondary" onPress={onRefresh} isPending={refreshing} UNSAFE_className="qm-hit">
          Refresh
        </Button>
      </Flex>
      <IngestorLine view={ingestor} />
      <div aria-live="polite" className="qm-ds-notices">
        {notice !== undefined && (
          <InlineAlert variant="positive" marginTop="size-200">
            <Content>{notice}</Content>
          </InlineAlert>
        )}
        {!online && (
          <Text UNSAFE_className="qm-ds-offline">
            Offline: these are the data sources on this device; Refresh fetches them when back online.
          </Text>
        )}
        {fetchError !== undefined && (
          <InlineAlert variant="negative" marginTop="size-200">
            <Heading>{fetchError.title}</Heading>
            <Content>{fetchError.detail}</Content>
          </InlineAlert>
        )}
      </div>
      {loading ? (
        <Skeleton label="Loading data sources" />
      ) : sorted.length === 0 ? (
        <p className="qm-ds-empty">{D.none}</p>
      ) : (
        <ul className="qm-ds-cards" aria-label={D.title}>
          {sorted.map((source) => (
            <DataSourceCard key={source.id} source={source} onDelete={() => void remove(source)} />
          ))}
        </ul>
      )}
    </View>
  )
}

function DataSourceCard({ source, onDelete }: { source: SourceDoc; onDelete: () => void }) {
  const router = useRouter()
  // DS-02: relative to /settings, as the spec's ./insight-mapping; mappingVersion is empty.
  const insight = `./insight-mapping?sourceId=${encodeURIComponent(source.id)}&mappingVersion=`
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
    e.preventDefault()
    router.history.push(
      new URL(insight, window.location.href).pathname + new URL(insight, window.location.href).search,
    )
  }
  return (
    <li className="qm-ds-card" aria-label={source.name}>
      <Flex alignItems="center" gap="size-100" wrap>
        <Heading level={3} margin={0}>
          {source.name}
        </Heading>
        <PendingMark pending={source.pendingSince !== undefined} saving={source.saving === true} />
      </Flex>
      <dl className="qm-ds-fields">
        <dt>Created</dt>
        <dd>
          <PlantDateTime utc={source.createdAt} />
        </dd>
        <dt>Topic</dt>
        <dd>{source.topic}</dd>
      </dl>
      <Flex gap="size-100" justifyContent="end">
        <a className="qm-ds-insight qm-hit" href={insight} onClick={open}>
          Insight
        </a>
        <ActionButton aria-label={`Delete ${source.name}`} onPress={onDelete} UNSAFE_className="qm-hit">
          Delete
        </ActionButton>
      </Flex>
    </li>
  )
}
