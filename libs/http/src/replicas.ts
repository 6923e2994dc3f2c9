/**
 * The replicas of one service, from its `<NAME>_URL`: one base URL or a comma-separated list of them.
 * Requests take the replicas in turn; a request whose connection a replica refuses (stopped, crashed,
 * restarting) moves on to the next one, so one replica down costs a refused connect, not a failed
 * request. Only a refused connection is retried: the request never reached the replica, so even a
 * POST cannot run twice.
 */
export class Replicas {
  readonly urls: readonly string[];
  private turn = 0;

  constructor(readonly list: string) {
    this.urls = splitUrlList(list);
    if (this.urls.length === 0) throw new Error(`No service URL in "${list}".`);
  }

  /** Where the next request starts: pass it with the attempt number to `url`. */
  next(): number {
    const first = this.turn;
    this.turn = first + 1 === this.urls.length ? 0 : first + 1;
    return first;
  }

  /** The replica for attempt `attempt` (0 first) of a request that started at `first`. */
  url(first: number, attempt: number): string {
    return this.urls[(first + attempt) % this.urls.length];
  }

  /** Whether attempt `attempt` failed in a way the next replica may answer instead. */
  mayTryNext(err: unknown, attempt: number): boolean {
    return attempt + 1 < this.urls.length && (err as NodeJS.ErrnoException | undefined)?.code === 'ECONNREFUSED';
  }
}

/** `"http://a:1/, http://b:2"` → `["http://a:1", "http://b:2"]`: trimmed, no trailing slash, no blanks. */
export function splitUrlList(list: string): string[] {
  return list.split(',').map((u) => u.trim().replace(/\/+$/, '')).filter(Boolean);
}
