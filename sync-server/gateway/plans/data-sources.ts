import { Schema } from 'effect'
import type { DeleteDataSourceArgs } from '../../../shared/intents/data-sources'
import { DataSource } from '../../../shared/schema/data-source'
import { decode } from '../authority-reads'
import { goneAnswered } from '../answers'
import { NOT_DONE, type PlanBuilder } from '../plan'
import { UPSTREAM } from '../upstream-paths'

/** Data sources (shared/intents/data-sources.ts): the confirmed delete, DELETE /api/data-sources/{id}. */
export const deleteDataSource: PlanBuilder<DeleteDataSourceArgs> = ({ args, session }) => ({
  steps: [
    {
      name: 'delete-data-source',
      request: () => ({ method: 'DELETE', path: UPSTREAM.dataSource(args.dataSourceId) }),
      probe: async (read) => {
        const sources = decode(
          Schema.Array(DataSource),
          (await read({ method: 'GET', path: UPSTREAM.dataSources(session.plantId) })) ?? [],
          'list of data sources',
        )
        return sources.some((s) => s.id === args.dataSourceId) ? NOT_DONE : null
      },
    },
  ],
  refresh: () => ({ known: [goneAnswered([['dataSources', args.dataSourceId]])], read: [] }),
})
