/**
 * One task at a time per key (a customer), in arrival order: an action's calls to the authority and
 * the poller's read-and-write of one part of the plant never interleave with another action of the
 * same customer. Without it a poll that read the authority before an action and wrote after it
 * would put the replica back to what the action changed, and two pushes of one customer could reach
 * the authority out of the order their actions were made in. Keys with nothing queued are dropped.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>()

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve()
    const result = before.then(task, task)
    const tail = result.then(
      () => undefined,
      () => undefined,
    )
    this.tails.set(key, tail)
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key)
    })
    return result
  }
}
