import { Schema } from 'effect'
import { Messages } from '../validation/messages'
import { defineIntent, rejectNotFound } from './intent'

/**
 * Data sources (DS-03), administrators only. The plant's ingestor creates and edits them; the only
 * thing a user does to one is delete it.
 */
export const DeleteDataSourceArgs = Schema.Struct({ dataSourceId: Schema.NonEmptyString })
export type DeleteDataSourceArgs = typeof DeleteDataSourceArgs.Type

/** DS-03: the confirmed delete. */
export const deleteDataSource = defineIntent<DeleteDataSourceArgs>({
  name: 'deleteDataSource',
  args: DeleteDataSourceArgs,
  adminOnly: true,
  reads: ({ dataSourceId }) => [{ collection: 'dataSources', ids: [dataSourceId] }],
  edits: () => [],
  apply(docs, { dataSourceId }) {
    if (!docs.get('dataSources', dataSourceId)) rejectNotFound(Messages.dataSources.notFound)
    docs.remove('dataSources', dataSourceId)
  },
  describe: ({ dataSourceId }, docs) =>
    `Delete data source ${docs.get('dataSources', dataSourceId)?.name ?? dataSourceId}`,
})
