import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scriptedReply } from '@kith/core/test';
import type { Browser } from 'playwright-core';
import { createCostlyAgent } from '../testing/costly-agent';
import { launchChromium } from '../testing/launch-chromium';
import { startTestServer } from '../testing/test-server';

describe('web page: a channel of several agents, driven in Chromium', () => {
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    browser = await launchChromium();
    dataDir = mkdtempSync(path.join(tmpdir(), 'kith-web-channels-'));
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes a channel of two agents, talks in it, and shows each author by name with the agents set apart', async () => {
    const penny = await createCostlyAgent(dataDir, {}, 'Penny');
    const quinn = await createCostlyAgent(dataDir, {}, 'Quinn');
    penny.queue.push(scriptedReply('Penny thinks tea is best.'));
    quinn.queue.push(scriptedReply('Quinn prefers coffee.'));
    const { server, url } = await startTestServer({ agents: [penny.runtime, quinn.runtime] });
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(url);
      await page.getByLabel('Your name').fill('Ada');
      await page.getByRole('button', { name: 'Channels' }).click();
      await page.getByRole('checkbox', { name: 'Penny' }).waitFor();
      await page.locator('#view-channels').getByLabel('Name', { exact: true }).fill('tea or coffee');
      await page.getByRole('button', { name: 'Make channel' }).click();
      await page.locator('#channel-title', { hasText: 'tea or coffee' }).waitFor();
      await page.getByLabel('Message to the channel').fill('Tea or coffee?');
      await page.getByRole('button', { name: 'Send to channel' }).click();

      await page.locator('#channel-messages .msg.agent', { hasText: 'Penny thinks tea is best.' }).waitFor();
      await page.locator('#channel-messages .msg.agent', { hasText: 'Quinn prefers coffee.' }).waitFor();
      const person = page.locator('#channel-messages .msg.user').first();
      expect(await person.locator('.who').textContent()).toContain('Ada');
      expect(await person.locator('.text').textContent()).toBe('Tea or coffee?');
      const agentAuthors = await page.locator('#channel-messages .msg.agent .who').allTextContents();
      expect(agentAuthors.some((who) => who.startsWith('Penny (agent)'))).toBe(true);
      expect(agentAuthors.some((who) => who.startsWith('Quinn (agent)'))).toBe(true);

      // Opened again after a reload, the channel shows its whole log from the server.
      await page.reload();
      await page.getByRole('button', { name: 'Channels' }).click();
      await page.locator('#channel-messages .msg.agent', { hasText: 'Quinn prefers coffee.' }).waitFor();
      expect(await page.locator('#channel-messages .msg.user .text').first().textContent()).toBe('Tea or coffee?');
    } finally {
      await context.close();
      await server.close();
    }
  }, 60_000);
});
