import { MonitorsPage } from './monitors-page'

/** Settings section MVD_ANOMALY_MONITORS (loaded lazily by the frame). */
export default function MvdMonitorsPage() {
  return <MonitorsPage type="mvd" />
}
