// The shared UI components, importable from one place (each also lives in its own file).
export { Drawer, type DrawerProps } from './drawer'
export {
  SnackbarProvider,
  useSnackbar,
  type SnackbarApi,
  type SnackbarOptions,
  type SnackbarVariant,
} from './snackbar'
export { ConfirmProvider, useConfirm, type ConfirmApi, type ConfirmOptions } from './confirm'
export { LineSelector, lineLabel, useSelectedLine, type LineSelectorProps } from './line-selector'
export { PendingMark } from './pending-mark'
export { DataGrid, type DataGridColumn, type DataGridProps } from './data-grid'
export { PlantDateTime } from './plant-date-time'
export { Tabs, type TabsProps } from './tabs'
export { TagList, type TagListItem } from './tag-list'
export { Skeleton, SkeletonBar } from './skeleton'
export { useMediaQuery, WIDE_LAYOUT_QUERY } from './use-media-query'
