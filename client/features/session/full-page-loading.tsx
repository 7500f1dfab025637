import { ProgressCircle, Text } from '@adobe/react-spectrum'

/** What shows while the app restores the session or opens the local database. */
export function FullPageLoading({ label }: { label: string }) {
  return (
    <div className="qm-centered" role="status" aria-live="polite">
      <ProgressCircle isIndeterminate aria-label={label} />
      <Text>{label}</Text>
    </div>
  )
}
