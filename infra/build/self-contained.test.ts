import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ROOT } from './packages';

/**
 * The repository documents itself: no file may send its reader to a document outside it, and every
 * relative link of its documentation must lead somewhere. A clone is all the next engineer has.
 */
/** The working documents that live beside the repository, not in it (names spelt apart so this file names none). */
const OUTSIDE_NAMES = ['../' + 'shared', ...['API', 'DESIGN', 'SPEC'].map((n) => `${n}.` + 'md')];
const OUTSIDE = new RegExp(OUTSIDE_NAMES.map((n) => n.replace(/[./]/g, (c) => `\\${c}`)).join('|'));
const THIS_FILE = relative(ROOT, __filename);

function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return listed.split('\n').filter((f) => f && !/(^|\/)node_modules\//.test(f) && existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isFile());
}

function textOf(file: string): string | null {
  const buf = readFileSync(join(ROOT, file));
  return buf.includes(0) ? null : buf.toString('utf8');
}

/** `file:line: text` of every line that refers to a document outside the repository. */
export function outsideReferences(files: Array<{ path: string; text: string }>): string[] {
  return files.flatMap(({ path, text }) => text.split('\n').flatMap((line, i) => (OUTSIDE.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = m[1].toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

function withoutFences(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** Relative links of a markdown file that lead to no file, or to no heading of the file they name. */
export function brokenLinks(file: string, markdown: string, read: (path: string) => string | null): string[] {
  const broken: string[] = [];
  for (const m of withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
    const link = m[1];
    if (/^[a-z]+:/i.test(link)) continue;
    const [path, anchor] = link.split('#');
    const target = path ? join(dirname(file), decodeURIComponent(path)) : file;
    if (!existsSync(join(ROOT, target))) {
      broken.push(`${file}: ${link} (no such file)`);
      continue;
    }
    if (anchor && target.endsWith('.md')) {
      const text = read(target);
      if (text !== null && !anchorsOf(text).has(anchor)) broken.push(`${file}: ${link} (no such heading)`);
    }
  }
  return broken;
}

describe('the repository is self-contained', () => {
  const files = repositoryFiles();

  it('finds the files it checks', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/README.md', 'docs/api/README.md']));
  });

  it('refers to no document outside it (the working documents beside the repository)', () => {
    const texts = files.filter((f) => f !== THIS_FILE).flatMap((path) => {
      const text = textOf(path);
      return text === null ? [] : [{ path, text }];
    });
    expect(outsideReferences(texts)).toEqual([]);
  });

  it('would notice such a reference', () => {
    const [shared, api] = OUTSIDE_NAMES;
    expect(outsideReferences([{ path: 'x.ts', text: `ok\n// as ${api} 5a says` }, { path: 'y.md', text: `see ${shared}/notes` }]))
      .toEqual([`x.ts:2: // as ${api} 5a says`, `y.md:1: see ${shared}/notes`]);
  });

  it('has no broken relative link in its documentation', () => {
    const docs = files.filter((f) => f.endsWith('.md') && (f === 'README.md' || f === 'CONTRIBUTING.md' || f.startsWith('docs/')));
    expect(docs.length).toBeGreaterThan(20);
    expect(docs.flatMap((f) => brokenLinks(f, textOf(f) ?? '', textOf))).toEqual([]);
  });

  it('would notice a broken link or a missing heading', () => {
    const md = '[a](docs/api/README.md#addresses) [b](docs/nowhere.md) [c](docs/api/README.md#nowhere) [d](https://example.com)';
    expect(brokenLinks('README.md', md, textOf)).toEqual([
      'README.md: docs/nowhere.md (no such file)',
      'README.md: docs/api/README.md#nowhere (no such heading)',
    ]);
  });
});
