/**
 * AMQP topic matching, so the in-process bus routes exactly like the RabbitMQ exchange:
 * words are separated by '.', `*` matches exactly one word, `#` matches zero or more words.
 */
export function topicMatches(pattern: string, routingKey: string): boolean {
  return matchWords(pattern.split('.'), 0, routingKey.split('.'), 0);
}

function matchWords(p: string[], i: number, k: string[], j: number): boolean {
  if (i === p.length) return j === k.length;
  if (p[i] === '#') {
    // `#` may swallow any number of words, including none.
    for (let skip = j; skip <= k.length; skip++) {
      if (matchWords(p, i + 1, k, skip)) return true;
    }
    return false;
  }
  if (j === k.length) return false;
  return (p[i] === '*' || p[i] === k[j]) && matchWords(p, i + 1, k, j + 1);
}
