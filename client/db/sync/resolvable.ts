/** A promise and the function that resolves it (a signal one side gives and another awaits). */
export function resolvable(): { readonly promise: Promise<void>; readonly resolve: () => void } {
  let resolve = () => {}
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}
