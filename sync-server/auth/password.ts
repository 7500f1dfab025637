import { randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto'

/** Passwords are stored as scrypt hashes: `scrypt$N$r$p$salt$hash` (base64url). */
const N = 16384
const R = 8
const P = 1
const KEY_LENGTH = 32

const scryptAsync = (password: BinaryLike, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  )

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r: R, p: P })
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

interface ParsedHash {
  readonly N: number
  readonly r: number
  readonly p: number
  readonly salt: Buffer
  readonly hash: Buffer
}

function parseHash(stored: string): ParsedHash | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return undefined
  return {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, 'base64url'),
    hash: Buffer.from(hash, 'base64url'),
  }
}

let dummy: Promise<ParsedHash> | undefined
/** A hash of a random password made with today's parameters, for callers with no hash to check. */
const dummyHash = (): Promise<ParsedHash> =>
  (dummy ??= hashPassword(randomBytes(24).toString('base64url')).then((h) => parseHash(h)!))

/**
 * True when `password` matches `stored`. Without a usable hash (unknown e-mail, an account with no
 * password yet) the same scrypt work runs against a dummy hash and the answer is false, so the
 * time taken does not tell which e-mails have accounts.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parsed = stored === undefined ? undefined : parseHash(stored)
  const target = parsed ?? (await dummyHash())
  const key = await scryptAsync(password, target.salt, target.hash.length, {
    N: target.N,
    r: target.r,
    p: target.p,
  })
  const same = key.length === target.hash.length && timingSafeEqual(key, target.hash)
  return parsed !== undefined && same
}
