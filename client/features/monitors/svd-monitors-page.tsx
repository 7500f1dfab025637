import { MonitorsPage } from './monitors-page'

/** Settings section SVD_ANOMALY_MONITORS (loaded lazily by the frame). */
export default function SvdMonitorsPage() {
  return <MonitorsPage type="svd" />
}
