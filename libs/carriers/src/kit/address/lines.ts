/**
 * Address lines fitted to a carrier's line fields (`count` lines of `width` characters): a line longer
 * than the field wraps at a word boundary onto the next line; when the client's line breaks leave too
 * few lines, the lines run on, separated by commas. Only text longer than all the lines hold cannot fit:
 * then `overflow` names the client's line that does not fit.
 */
export type WrappedLines = { ok: true; lines: string[] } | { ok: false; overflow: number };

/** Words of a line, each at most `width` long (a longer word, with no boundary to wrap at, is split). */
function words(line: string, width: number): string[] {
  return line.split(/\s+/).filter(Boolean).flatMap((w) => {
    const parts: string[] = [];
    for (let i = 0; i < w.length; i += width) parts.push(w.slice(i, i + width));
    return parts;
  });
}

/** Packs the words into lines of `width`; each entry of `breaks` starts a new line when `keepBreaks`. */
function pack(source: { words: string[]; index: number }[], width: number, keepBreaks: boolean): { lines: string[]; lineOf: number[] } {
  const lines: string[] = [];
  const lineOf: number[] = [];
  source.forEach(({ words: ws, index }, n) => {
    ws.forEach((w, i) => {
      const last = lines.length - 1;
      const joiner = i === 0 && n > 0 && !keepBreaks ? ', ' : ' ';
      const startsLine = lines.length === 0 || (keepBreaks && i === 0);
      if (!startsLine) {
        const joined = `${lines[last]}${joiner}${w}`;
        if (joined.length <= width) {
          lines[last] = joined;
          return;
        }
        // A comma that no longer fits before the wrap stays at the end of the line it closes.
        if (joiner === ', ' && `${lines[last]},`.length <= width) lines[last] = `${lines[last]},`;
      }
      lines.push(w);
      lineOf.push(index);
    });
  });
  return { lines, lineOf };
}

export function wrapLines(input: (string | null | undefined)[], width: number, count: number): WrappedLines {
  const source = input.map((l, index) => ({ words: words(l?.trim() ?? '', width), index })).filter((s) => s.words.length > 0);
  const kept = pack(source, width, true);
  if (kept.lines.length <= count) return { ok: true, lines: kept.lines };
  const run = pack(source, width, false);
  if (run.lines.length <= count) return { ok: true, lines: run.lines };
  return { ok: false, overflow: run.lineOf[count] };
}
