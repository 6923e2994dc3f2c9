import { readFileSync } from 'node:fs';
import { allowed, NOTICES_FILE, renderNotices, thirdParties } from './notices';

/** The third-party notices cover what the lockfile installs, under licences an Apache-2.0 platform may ship with. */
describe('third-party notices', () => {
  const parties = thirdParties();

  it('list every production dependency as the lockfile installs it (run `pnpm notices` after changing dependencies)', () => {
    expect(parties.length).toBeGreaterThan(100);
    expect(readFileSync(NOTICES_FILE, 'utf8')).toBe(renderNotices(parties));
  });

  it('name only permissive licences', () => {
    expect(parties.filter((p) => !allowed(p.license)).map((p) => `${p.name}: ${p.license}`)).toEqual([]);
  });

  it('read an SPDX expression as SPDX means it', () => {
    expect([allowed('MIT'), allowed('(MIT AND Zlib)'), allowed('(GPL-3.0 OR MIT)'), allowed('GPL-3.0'), allowed('(MIT AND GPL-2.0)')])
      .toEqual([true, true, true, false, false]);
  });
});
