import { BehaviorSubject } from 'rxjs'
import type { OpenOptions } from '../storage/app-database'
import { databaseNameFor } from '../storage/database-name'
import type { LocalStore } from '../storage/local-store'
import { StoredView } from '../storage/stored-view'
import type { Outbox } from '../sync/outbox'
import { resolvable } from '../sync/resolvable'
import { loadSessionCode, type SessionCode } from './session-code-loader'
import type { PlantRef } from './session-hint'

/** How long a cold start showing stored documents waits for the first screen before opening anyway. */
export const FIRST_SCREEN_WAIT_MS = 1000

export interface LocalDatabaseOptions {
  readonly storage?: OpenOptions['storage']
  /** Where the stored view reads (the browser's IndexedDB by default; tests pass fake-indexeddb). */
  readonly indexedDB?: IDBFactory
  /** Before the open database closes (another plant's opens, or the controller closes). */
  beforeClose(): Promise<void>
  /** After it opened and the outbox is read, before screens see it (stored actions are upgraded). */
  beforeShown(code: SessionCode): Promise<void>
}

/**
 * The local database of the signed-in plant, and the race of a cold start to open it: one open per
 * plant however many ask (start() begins it while the session check is still out); an open that a
 * later one superseded (the hint named another plant than the stored identity) is closed again; a
 * cold start of a device that holds the plant shows what it stored (stored-view.ts, read with the
 * outbox) and opens the database once the first screen is drawn, or after FIRST_SCREEN_WAIT_MS; an
 * action made before it is open waits for it (`whenOpen`).
 */
export class LocalDatabase {
  readonly db$ = new BehaviorSubject<LocalStore | undefined>(undefined)
  private opening: { readonly name: string; readonly db: Promise<LocalStore> } | undefined
  /** The open a sign-in asked for, possibly waiting for the first screen (`firstScreenShown`). */
  private pendingOpen: Promise<LocalStore> | undefined
  /** The outbox's first read, when a stored view waits for it. */
  private outboxLoad: Promise<void> | undefined
  private readonly drawn = resolvable()
  private storedReads: StoredView | undefined
  private loaded: SessionCode | undefined
  private stopTracking: (() => void) | undefined

  constructor(
    private readonly outbox: Outbox,
    private readonly options: LocalDatabaseOptions,
  ) {}

  /** On a cold start, until the database is open: what the device stored, read directly. */
  get storedView(): StoredView | undefined {
    return this.storedReads
  }

  /** The session's code (session-code.ts); loaded before the first local database opens. */
  get code(): SessionCode {
    if (!this.loaded) throw new Error('The local database is not open')
    return this.loaded
  }

  /** Whether the stored view reads this plant's database (its open then waits for the first screen). */
  showsStored(plant: PlantRef): boolean {
    return this.storedReads?.databaseName === databaseNameFor(plant.customerId, plant.plantId)
  }

  /** Starts reading what the device stored of this plant, with the outbox (stored-view.ts). */
  showStored(plant: PlantRef): void {
    const name = databaseNameFor(plant.customerId, plant.plantId)
    if (this.db$.value?.name === name || this.storedReads?.databaseName === name) return
    this.outboxLoad ??= this.outbox.load()
    this.storedReads = new StoredView(name, this.outboxLoad, this.options.indexedDB)
    this.storedReads.prefetch()
  }

  forgetStoredView(): void {
    this.storedReads = undefined
  }

  /** The outbox as the stored view reads it (read once). */
  outboxRead(): Promise<void> {
    return this.outboxLoad ?? this.outbox.load()
  }

  /** The first screen is drawn: a cold start that showed stored documents opens the database now. */
  firstScreenShown(): void {
    const painted = () => setTimeout(this.drawn.resolve, 0)
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(painted)
    else painted()
  }

  /** A sign-in's open: after the first screen when it shows stored documents, else at once. */
  openForSession(plant: PlantRef): Promise<LocalStore> {
    const opened = this.showsStored(plant)
      ? Promise.race([this.drawn.promise, delay(FIRST_SCREEN_WAIT_MS)]).then(() => this.open(plant))
      : this.open(plant)
    this.pendingOpen = opened
    opened.catch(() => undefined) // Its callers await it.
    return opened
  }

  /** The open database, or the one opening (a screen drawn from the stored view acts before it). */
  async whenOpen(): Promise<LocalStore> {
    const db = this.db$.value ?? (await (this.opening?.db ?? this.pendingOpen))
    if (!db) throw new Error('The local database is not open')
    return db
  }

  /** Opens (or keeps) the plant's database; concurrent calls for the same plant share one opening. */
  open(plant: PlantRef): Promise<LocalStore> {
    const name = databaseNameFor(plant.customerId, plant.plantId)
    if (this.opening?.name === name) return this.opening.db
    const db = this.openNow(name)
    this.opening = { name, db }
    db.catch(() => {
      if (this.opening?.db === db) this.opening = undefined
    })
    return db
  }

  /** Closes the open database; forgets an opening in progress when `abandon` (the controller closes). */
  async close(abandon = false): Promise<void> {
    if (abandon) this.opening = undefined
    await this.options.beforeClose()
    this.stopTracking?.()
    this.stopTracking = undefined
    await this.db$.value?.close()
    this.db$.next(undefined)
  }

  private async openNow(name: string): Promise<LocalStore> {
    let db = this.db$.value
    if (!db || db.name !== name) {
      this.loaded = await loadSessionCode()
      this.outbox.keepAfterSend = this.loaded.argsKeptAfterSend
      await this.close()
      const opening = performance.now()
      db = await this.code.openLocalStore({
        name,
        ...(this.options.storage ? { storage: this.options.storage } : {}),
      })
      performance.measure('qm:open-database', { start: opening, end: performance.now() })
      // Superseded while it opened (the hint named another plant than the stored identity), or
      // closed: this one is not the device's database.
      if (this.opening?.name !== name) {
        await db.close()
        if (this.opening) return this.opening.db
        throw new Error('The local database was closed while it opened')
      }
      await this.outbox.load()
      await this.options.beforeShown(this.code)
      this.db$.next(db)
      // Screens read the database from now on; what the stored view read is let go.
      this.storedReads = undefined
      this.stopTracking = this.code.trackAbsorption(db, this.outbox)
    }
    return db
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
