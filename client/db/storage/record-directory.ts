/**
 * Where the line-record storage (line-record-storage.ts) keeps each document: which records of a
 * line exist, how full each is, and which records may hold a given id — in memory, without a
 * document in it. A record holds up to RECORD_SIZE documents of one line; IndexedDB's cost is per
 * record and per index entry, so a plant's 100,000 signals are a few hundred records instead of
 * 100,000 records with four index entries each (docs/architecture.md).
 *
 * Ids are kept as 30-bit hashes, not strings, so the directory holds no copy of a plant's ids (it grew
 * the page's heap by 1.4–2.9 MiB after a first sync of 100,000 signals): `candidates(id)` names every
 * record that may hold the id, and the caller reads those records to find it. Two ids with the same
 * hash only cost a record read more.
 *
 * Invariants:
 * - for every stored document, `candidates(id)` includes its record (a multiset per hash: adding an
 *   id twice to one record and removing it once still names that record);
 * - `size` of a record is the number of documents it holds; the records of a line are in `seq`
 *   order, only the last may take more documents (`openRecord`), and a new record's key was never
 *   given before since the load;
 * - the directory matches the stored one as of `version`; a write that fails leaves it `invalid`,
 *   and it is loaded again before its next use.
 */
export interface RecordRef {
  readonly line: string
  readonly seq: number
  size: number
}

/** Documents per record: a write of one document reads and writes its whole record (README Decisions). */
export const RECORD_SIZE = 250

export class RecordDirectory {
  private readonly byHash = new Map<number, RecordRef | RecordRef[]>()
  private readonly byLine = new Map<string, RecordRef[]>()
  /** The highest seq each line had since the load: a key is never given twice while it lives. */
  private readonly lastSeq = new Map<string, number>()
  /** The stored directory's version this one matches; -1: it must be loaded before use. */
  version = -1

  /** Rebuilds it from the stored records' keys and their ids' hashes. */
  load(
    version: number,
    records: ReadonlyArray<{ readonly key: [string, number]; readonly hashes: Uint32Array }>,
  ) {
    this.byHash.clear()
    this.byLine.clear()
    this.lastSeq.clear()
    for (const { key, hashes } of records) {
      const ref: RecordRef = { line: key[0], seq: key[1], size: hashes.length }
      this.linesRecords(ref.line).push(ref)
      this.lastSeq.set(ref.line, Math.max(this.lastSeq.get(ref.line) ?? 0, ref.seq))
      for (const h of hashes) this.addHash(h, ref)
    }
    for (const refs of this.byLine.values()) refs.sort((a, b) => a.seq - b.seq)
    this.version = version
  }

  /** After a failed write: what is in memory may not be what is stored. */
  invalidate(): void {
    this.version = -1
  }

  get valid(): boolean {
    return this.version >= 0
  }

  /** The records that may hold `id`. */
  candidates(id: string): ReadonlyArray<RecordRef> {
    const found = this.byHash.get(hashId(id))
    return found === undefined ? [] : Array.isArray(found) ? found : [found]
  }

  /** The line's last record when it can take another document. */
  openRecord(line: string): RecordRef | undefined {
    const last = this.byLine.get(line)?.at(-1)
    return last && last.size < RECORD_SIZE ? last : undefined
  }

  /**
   * A new, empty record at the end of the line. Its key was never given since the load: a record
   * emptied (and deleted) and a new one written in the same transaction never share a key.
   */
  newRecord(line: string): RecordRef {
    const seq = (this.lastSeq.get(line) ?? 0) + 1
    this.lastSeq.set(line, seq)
    const ref: RecordRef = { line, seq, size: 0 }
    this.linesRecords(line).push(ref)
    return ref
  }

  /** `id` is now held by `ref`. */
  add(id: string, ref: RecordRef): void {
    ref.size++
    this.addHash(hashId(id), ref)
  }

  /** `id` left `ref`; a record left empty is forgotten (its caller deletes it from the store). */
  remove(id: string, ref: RecordRef): void {
    ref.size--
    const h = hashId(id)
    const found = this.byHash.get(h)
    if (found === ref) this.byHash.delete(h)
    else if (Array.isArray(found)) {
      const i = found.indexOf(ref)
      if (i >= 0) found.splice(i, 1)
      if (found.length === 1) this.byHash.set(h, found[0]!)
    }
    if (ref.size === 0) {
      const refs = this.byLine.get(ref.line) ?? []
      refs.splice(refs.indexOf(ref), 1)
      if (refs.length === 0) this.byLine.delete(ref.line)
    }
  }

  private addHash(h: number, ref: RecordRef): void {
    const found = this.byHash.get(h)
    if (found === undefined) this.byHash.set(h, ref)
    else if (Array.isArray(found)) found.push(ref)
    else this.byHash.set(h, [found, ref])
  }

  private linesRecords(line: string): RecordRef[] {
    let refs = this.byLine.get(line)
    if (!refs) this.byLine.set(line, (refs = []))
    return refs
  }
}

/**
 * FNV-1a over the id's UTF-16 code units, cut to 30 bits so V8 keeps it as a small integer (no heap
 * number per id in the directory). Stored with each record, so it must never change.
 */
export function hashId(id: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 2
}
