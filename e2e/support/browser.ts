import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from './processes';
import type { Stack } from './stack';

/** Debian's Chromium (`make test` installs it where it can), or the build CHROMIUM names; never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

/** `make test` builds the console on install; a bare `pnpm test` after a fresh clone builds it here. */
export function ensureConsoleBuilt(): void {
  if (!existsSync(join(ROOT, 'services/console/dist/index.html'))) execFileSync('pnpm', ['--filter', '@waybill/console', 'build'], { cwd: ROOT, stdio: 'ignore' });
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'waybill-chromium-'));
  // launchPersistentContext is how playwright takes a fresh --user-data-dir; bypassCSP lets axe be injected.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: ARGS, acceptDownloads: true, bypassCSP: true, viewport: { width: 1100, height: 760 },
  });
  const page = context.pages()[0] ?? await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('dialog', (d) => void d.accept());
  return { context, page, close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); } };
}

/** Signs in through the page, as an operations person would. */
export async function signIn(page: Page, stack: Pick<Stack, 'baseUrl' | 'creds'>, password = stack.creds.password): Promise<void> {
  await page.goto(`${stack.baseUrl}/console/`);
  await page.getByLabel('Username').fill(stack.creds.user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A browser signed in to the console, on its first page (at `viewport`'s size when given). */
export async function openSignedIn(stack: Pick<Stack, 'baseUrl' | 'creds'>, viewport?: { width: number; height: number }): Promise<Browser> {
  const browser = await openBrowser();
  if (viewport) await browser.page.setViewportSize(viewport);
  await signIn(browser.page, stack);
  // A session starts on the dashboard.
  await browser.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  return browser;
}

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe violations on the current page, as `rule: target` lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  // A string, because this file is type-checked without the DOM library.
  const violations = await page.evaluate('axe.run(document).then((r) => r.violations)') as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** Screenshots go to docs/<folder>/ when UPDATE_SCREENSHOTS=1, else to a scratch folder. */
export async function screenshot(page: Page, name: string, folder = 'console'): Promise<void> {
  const dir = process.env.UPDATE_SCREENSHOTS === '1' ? join(ROOT, 'docs', folder) : join(tmpdir(), `waybill-${folder}-shots`);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

export async function downloadBytes(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFileSync((await download.path())!);
}
