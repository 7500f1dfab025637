/**
 * DS-02's destination, /insight-mapping?sourceId={id}&mappingVersion=. The specification names only
 * the navigation; the mapping editor itself is not part of it. Decision: a real page that names the
 * source and leads back, so Insight never ends on "Page not found".
 */
import { Content, Heading, IllustratedMessage } from '@adobe/react-spectrum'
import { Link, useSearch } from '@tanstack/react-router'
import { useDoc } from '../../db/react/hooks'

export default function InsightMappingPage() {
  const { sourceId } = useSearch({ from: '/_app/insight-mapping' })
  const { data: source, loading } = useDoc('dataSources', sourceId || undefined)
  const name = loading ? '…' : (source?.name ?? sourceId)
  return (
    <main className="qm-centered" id="qm-content">
      <IllustratedMessage>
        <Heading level={1}>Insight mapping: {name}</Heading>
        <Content>
          <p>Mapping this data source to insights is not available in this app.</p>
          <Link to="/settings" search={{ section: 'DATA_SOURCES' }}>
            Back to Data Sources
          </Link>
        </Content>
      </IllustratedMessage>
    </main>
  )
}
