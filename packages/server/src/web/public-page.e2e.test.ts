import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../testing/launch-chromium';
import { ADMIN_KEY, startSessionServer, type SessionTestServer } from '../testing/session-server';

/** Opens the page as a visitor without a key and waits until it can talk. */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('#agent option', { hasText: 'Xavi' }).waitFor({ state: 'attached' });
  await page.locator('#connection[data-state="open"]').waitFor();
}

async function say(page: Page, text: string): Promise<void> {
  await page.fill('#text', text);
  await page.press('#text', 'Enter');
  await page
    .locator('.msg.agent:not(.thinking):not(.streaming) > .text', { hasText: 'Xavi answers.' })
    .last()
    .waitFor();
}

const visibleTabs = (page: Page) => page.locator('#tabs button:visible').allTextContents();

describe('the public page (KITH_PUBLIC_SESSIONS): visitors without a key, each in their own conversation', () => {
  let browser: Browser;
  let server: SessionTestServer;

  beforeAll(async () => {
    browser = await launchChromium();
    server = await startSessionServer();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('gives two visitors anonymous sessions; neither ever sees the other’s messages; a reload keeps each one’s own', async () => {
    const first = await browser.newContext();
    const second = await browser.newContext();
    try {
      const one = await first.newPage();
      const two = await second.newPage();
      await visit(one, server.url);
      await visit(two, server.url);
      // No admin views for a visitor, and the name is the session's.
      expect(await visibleTabs(one)).toEqual(['Chat']);
      expect(await one.inputValue('#user-name')).toMatch(/^visitor-/);

      await say(one, 'first visitor: my locker code is 1234');
      await say(two, 'second visitor: my cat is called Mochi');
      await say(one, 'first visitor again');

      const shown = (page: Page) => page.locator('#messages').innerText();
      expect(await shown(one)).toContain('my locker code is 1234');
      expect(await shown(one)).not.toContain('Mochi');
      expect(await shown(two)).toContain('Mochi');
      expect(await shown(two)).not.toContain('locker code');

      // Each visitor has a session token of their own, kept in the browser.
      const userOf = (page: Page) => page.evaluate<string>("JSON.parse(localStorage.getItem('kith.session')).userId");
      expect(await userOf(one)).not.toBe(await userOf(two));

      await one.reload();
      await visit(one, server.url);
      await one.locator('.msg.user > .text', { hasText: 'first visitor again' }).waitFor();
      expect(await one.locator('.msg.user > .text').allTextContents()).toEqual([
        'first visitor: my locker code is 1234',
        'first visitor again',
      ]);
      expect(await shown(one)).not.toContain('Mochi');
      await two.reload();
      await visit(two, server.url);
      await two.locator('.msg.user > .text', { hasText: 'Mochi' }).waitFor();
      expect(await shown(two)).not.toContain('locker code');
    } finally {
      await first.close();
      await second.close();
    }
  }, 90_000);

  it('replaces a stored session the server refuses (its secret rotated) with a new one', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await visit(page, server.url);
      const before = await page.evaluate<string>("JSON.parse(localStorage.getItem('kith.session')).userId");
      // A token signed with another secret, as every stored token is after a rotation.
      await page.evaluate(`(() => {
        const session = JSON.parse(localStorage.getItem('kith.session'));
        const [header, payload] = session.token.split('.');
        localStorage.setItem('kith.session', JSON.stringify({ ...session, token: header + '.' + payload + '.c2lnbmVkLWVsc2V3aGVyZQ' }));
      })()`);
      await page.reload();
      await visit(page, server.url);
      await say(page, 'after the rotation');
      const after = await page.evaluate<string>("JSON.parse(localStorage.getItem('kith.session')).userId");
      expect(after).not.toBe(before);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows the admin views once the admin key is given', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await visit(page, server.url);
      expect(await visibleTabs(page)).toEqual(['Chat']);
      await page.click('#key-button');
      await page.fill('#key', ADMIN_KEY);
      await page.press('#key', 'Enter');
      await page.locator('#tabs button[data-view="runs"]:visible').waitFor();
      // Every view the page has (which views those are is the page's business, not this test's).
      expect(await visibleTabs(page)).toEqual(await page.locator('#tabs button').allTextContents());
      expect(await visibleTabs(page)).toEqual(expect.arrayContaining(['Chat', 'Runs', 'Memories']));
    } finally {
      await context.close();
    }
  }, 60_000);
});
