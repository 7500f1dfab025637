import { Component, memo, Suspense, useEffect, type ReactNode } from 'react'
import { Button, Content, Heading, IllustratedMessage } from '@adobe/react-spectrum'
import { useAppData } from '../../db/react/app-data'
import { markOnce } from '../../db/first-marks'
import { FullPageLoading } from '../session/full-page-loading'
import { useSectionPage } from './sections'
import type { SettingsSection } from './settings-menu'

/**
 * Renders the section's page; its code arrives on demand, so there is a loading and a failure state.
 * Memoized: the settings frame re-renders on every sync status change (a pending count after each
 * edit), and the section's page must not re-render with it — it reads what it needs itself.
 */
export const SectionHost = memo(function SectionHost({ section }: { section: SettingsSection }) {
  return (
    <SectionErrorBoundary key={section}>
      <Suspense fallback={<Loading />}>
        <Section section={section} />
      </Suspense>
    </SectionErrorBoundary>
  )
})

/** The page, or the loading state while its code downloads (sections.ts: no suspending for it). */
function Section({ section }: { section: SettingsSection }) {
  const Page = useSectionPage(section)
  if (!Page) return <Loading />
  return (
    <>
      <Page />
      <SectionShown />
    </>
  )
}

const Loading = () => <FullPageLoading label="Loading…" />

/**
 * Marks (once per page) when a section's code has arrived and it first rendered (client bench), and
 * tells the controller the first screen is drawn (a cold start opens the local database after it).
 */
function SectionShown() {
  markOnce('qm:section rendered')
  const { controller } = useAppData()
  useEffect(() => controller.firstScreenShown(), [controller])
  return null
}

interface BoundaryState {
  readonly error: Error | null
}

/**
 * A section that fails to load or render must not take the frame (and the sync status) down with it.
 * The usual cause is a chunk that could not be downloaded: a reload fetches the current version.
 */
class SectionErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null }

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error }
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <IllustratedMessage>
        <Heading level={2}>This section could not be shown</Heading>
        <Content>
          <p>{this.state.error.message}</p>
          <Button variant="primary" onPress={() => window.location.reload()}>
            Reload
          </Button>
        </Content>
      </IllustratedMessage>
    )
  }
}
