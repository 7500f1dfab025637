import type { User } from '../../shared/schema/user'
import { nowUtc } from '../../shared/time/plant-time'
import type { Session } from '../auth/session'
import { getDocument, writeTransaction, type StoredDocument } from '../store/documents'
import { writeSideEffect } from './apply-change'
import type { Services } from './services'

/**
 * Sign-in stamps the user's lastLogin (USER-01 'Last login'). A side-effect write, not a client
 * change: lastLogin is server-owned and the user collection's rules would refuse a non-admin.
 * The change is announced so administrators' grids update live.
 */
export async function markLastLogin(services: Services, session: Session): Promise<void> {
  const written: StoredDocument[] = []
  await writeTransaction(services.db, session.customerId, async (tx) => {
    const user = await getDocument<User>(tx, session.customerId, 'users', session.userId)
    if (!user || user.deleted) return
    const ctx = { services, session, tx, written }
    await writeSideEffect(ctx, 'users', user.id, user.plantId, {
      ...user.data,
      lastLogin: nowUtc(services.clock),
    })
  })
  const last = written[written.length - 1]
  if (last) services.changes.publish({ customerId: session.customerId, collection: 'users', seq: last.seq })
}
