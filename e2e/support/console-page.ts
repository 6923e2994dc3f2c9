import { readFileSync } from 'node:fs';
import { eventually } from '@waybill/testing';
import type { Download, Locator, Page } from 'playwright-core';
import { screenshot } from './browser';

/** The order numbers in a consignments table, once they are exactly `expected` (the rows render after a fetch). */
export async function untilRows(table: Locator, expected: string[], timeoutMs = 15_000): Promise<void> {
  let seen: string[] = [];
  await eventually(async () => {
    seen = await table.locator('tbody tr td a').allTextContents();
    return seen.join('\n') === expected.join('\n');
  }, { timeoutMs, intervalMs: 50, what: `rows ${JSON.stringify(expected)}` }).catch((err: Error) => {
    throw new Error(`${err.message}; the table showed ${JSON.stringify(seen)}`);
  });
}

/** The files a click saves, once `count` downloads have started. */
export async function downloadsOf(page: Page, count: number, click: () => Promise<void>): Promise<Buffer[]> {
  const got: Download[] = [];
  const collect = (d: Download) => { got.push(d); };
  page.on('download', collect);
  try {
    await click();
    await eventually(() => got.length >= count, { timeoutMs: 15_000, what: `${count} download(s)` });
  } finally {
    page.off('download', collect);
  }
  return Promise.all(got.map(async (d) => readFileSync((await d.path())!)));
}

/**
 * Records every text the badge of each manifest in `#manifests` shows, in order, so a test can see a
 * manifest go from generating to ready however fast that is. Read it back with `badgeHistory`.
 */
export async function recordManifestBadges(page: Page): Promise<void> {
  // Strings, because this file is type-checked without the DOM library.
  await page.evaluate(`(() => {
    const seen = window.__manifestBadges = {};
    const record = () => {
      for (const item of document.querySelectorAll('#manifests [data-manifest]')) {
        const list = seen[item.dataset.manifest] ??= [];
        const text = item.querySelector('.badge').textContent;
        if (list[list.length - 1] !== text) list.push(text);
      }
    };
    new MutationObserver(record).observe(document.getElementById('manifests'), { subtree: true, childList: true, characterData: true });
  })()`);
}

export async function badgeHistory(page: Page, manifest: string): Promise<string[]> {
  return await page.evaluate(`window.__manifestBadges[${JSON.stringify(manifest)}] ?? []`) as string[];
}

/**
 * Presses Tab from where the focus is until `target` has it, as a keyboard-only user would reach it;
 * fails when it is not reachable within `maxTabs` presses.
 */
export async function tabTo(page: Page, target: Locator, maxTabs = 150): Promise<void> {
  for (let i = 0; i < maxTabs; i++) {
    if (await target.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reachable with ${maxTabs} presses of Tab`);
}

/** Reaches `target` with Tab alone and types `text` over what it holds, as a keyboard-only user would. */
export async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/**
 * A screenshot at a phone's size (390×844), once the page, charts included, has reflowed to fit its
 * width without scrolling sideways; then back to `desktop`.
 */
export async function phoneScreenshot(page: Page, name: string, desktop: { width: number; height: number }): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await eventually(async () => await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'), { what: `${name} fits a phone's width` });
  await screenshot(page, name);
  await page.setViewportSize(desktop);
}

/** Follows the navigation link to a console page and waits for its heading, as a user finds a page. */
export async function goTo(page: Page, title: string): Promise<void> {
  await page.getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
}
