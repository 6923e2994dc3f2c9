import type { Page } from 'playwright-core';
import { ensureConsoleBuilt, openSignedIn, type Browser } from './browser';
import { sharedStack, type SharedStack } from './shared-stacks';

/**
 * A console suite on the run's shared one-process stack, signed in as its company's user: call it in the
 * `describe`; `stack` and `page` are there in its tests, and both are handed back after them.
 */
export function signedInConsole(): { readonly stack: SharedStack; readonly page: Page } {
  const held: { stack?: SharedStack; browser?: Browser } = {};
  beforeAll(async () => {
    ensureConsoleBuilt();
    held.stack = await sharedStack('one-process');
    held.browser = await openSignedIn(held.stack);
  }, 180_000);
  afterAll(async () => {
    await held.browser?.close();
    await held.stack?.stop();
  });
  return {
    get stack() { return held.stack!; },
    get page() { return held.browser!.page; },
  };
}
