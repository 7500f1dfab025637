/**
 * Whether JSON text nests arrays and objects deeper than `limit`, read in one pass over the text
 * without parsing it: a body nested 500,000 levels fits in the body limit, and every walk over its
 * parsed value (the unstorable-text check, schema decoding) would be at least as deep. Brackets
 * inside strings do not count. Text that is not JSON at all may be miscounted; JSON.parse refuses
 * it afterwards either way.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) inString = true
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--
  }
  return false
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
