import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { http } from '../testing/http-client';
import { launchChromium } from '../testing/launch-chromium';
import { sqliteAgent } from '../testing/sqlite-agent';
import { TEST_PLUGIN, testAgentFactory } from '../testing/test-agent-factory';
import { startTestServer } from '../testing/test-server';

const PHONE = { width: 390, height: 844 };

jest.setTimeout(90_000);

/** Failed requests (network or HTTP 4xx/5xx), console errors and page errors, as they happen. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('requestfailed', (request) => problems.push(`failed: ${request.method()} ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

async function say(page: Page, text: string, reply: string): Promise<void> {
  await page.locator('#connection[data-state="open"]').waitFor();
  await page.fill('#text', text);
  await page.press('#text', 'Enter');
  await page.locator('.msg.agent:not(.thinking):not(.streaming) > .text', { hasText: reply }).last().waitFor();
}

async function setName(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.dispatchEvent('#user-name', 'change');
}

describe('the studio in the web page (agents, character editor, conversations), driven in Chromium', () => {
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    browser = await launchChromium();
    dataDir = mkdtempSync(path.join(tmpdir(), 'kith-web-studio-'));
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start() {
    const file = await sqliteAgent(dataDir, []);
    const factory = testAgentFactory({ dataDir });
    const running = await startTestServer({ agents: [file.runtime], agentFactory: factory, agentSyncMs: 60_000 });
    return { ...running, factory };
  }

  it('makes an agent on a phone-sized page, talks to it, edits its bio for the next turn, finds it after a restart, and lists and opens conversations', async () => {
    let running = await start();
    let context: BrowserContext = await browser.newContext({ viewport: PHONE });
    try {
      // A fresh load: no failed request, no console error.
      let page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(running.url);
      await page.locator('#agent option', { hasText: 'Testy' }).waitFor({ state: 'attached' });
      await page.locator('#connection[data-state="open"]').waitFor();
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);

      // New agent: a missing name is shown at the field, a bad setting at its field (from the server's 400).
      await page.getByRole('button', { name: 'Agents' }).click();
      const editor = page.locator('#agent-editor');
      await page.getByRole('button', { name: 'New agent' }).click();
      await editor.getByRole('button', { name: 'Save' }).click();
      expect(await page.locator('#agent-error-name').textContent()).toBe('A name is required.');
      await editor.getByLabel('Name', { exact: true }).fill('Mira');
      await editor.getByLabel('Bio').fill('Grows tomatoes.');
      await editor.getByLabel('Topics').fill('gardens, weather');
      await editor.getByLabel('System').fill('You are Mira, a gardener.');
      await editor.getByLabel('Style').fill('short sentences\nno emojis');
      await editor.getByLabel('Message examples').fill('{{user}}: what grows well?\nMira: Tomatoes, in the sun.');
      await editor.getByLabel(TEST_PLUGIN).check();
      await editor.getByLabel('Settings').fill('bad name=1');
      await editor.getByRole('button', { name: 'Save' }).click();
      await page.locator('#agent-error-settings', { hasText: 'is not a setting name' }).waitFor();
      expect(await editor.getByLabel('Settings').getAttribute('aria-invalid')).toBe('true');
      await editor.getByLabel('Settings').fill('MODEL_TEMPERATURE=0.5');
      await editor.getByLabel('Secret name').fill('API_TOKEN');
      await editor.getByLabel('Secret value').fill('s3cret');
      await editor.getByRole('button', { name: 'Save' }).click();
      const mira = page.locator('#agents-list li', { hasText: 'Mira' });
      await mira.waitFor();
      // Nothing wider than the phone's screen.
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
      expect(await mira.textContent()).toContain('studio');
      expect(await mira.textContent()).toContain('running');
      expect(await page.locator('#agents-list li', { hasText: 'Testy' }).textContent()).toContain('character file');

      // Talk to it.
      await page.getByRole('button', { name: 'Chat' }).click();
      await page.locator('#agent option', { hasText: 'Mira' }).waitFor({ state: 'attached' });
      await page.selectOption('#agent', { label: 'Mira' });
      await setName(page, 'Ada');
      await say(page, 'hello Mira', 'Mira here. Grows tomatoes.');
      // The reply's run table: headers on one line ("took", not "too k"); it scrolls inside the bubble.
      const reply = page.locator('.msg.agent').first();
      await reply.locator('summary').click();
      await reply.locator('.timeline table').waitFor();
      // Browser-side code is a string: this package type-checks without the DOM library.
      const headers = await page.evaluate<string[][]>(
        "[...document.querySelector('.msg.agent .timeline table').querySelectorAll('th')].map((th) => [th.textContent, getComputedStyle(th).whiteSpace])",
      );
      expect(headers).toContainEqual(['took', 'nowrap']);
      expect(headers.every(([, wrap]) => wrap === 'nowrap')).toBe(true);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);

      // Edit its bio: the secret is not shown back; the next turn uses the new bio.
      await page.getByRole('button', { name: 'Agents' }).click();
      await mira.getByRole('button', { name: 'Edit' }).click();
      await page.locator('#agent-secrets-set li', { hasText: 'API_TOKEN' }).waitFor();
      expect(await editor.getByLabel('Secret value').inputValue()).toBe('');
      expect(await page.content()).not.toContain('s3cret');
      expect(await editor.getByLabel('Settings').inputValue()).toBe('MODEL_TEMPERATURE=0.5');
      expect(await editor.getByLabel('System').inputValue()).toBe('You are Mira, a gardener.');
      expect(await editor.getByLabel('Style').inputValue()).toBe('short sentences\nno emojis');
      expect(await editor.getByLabel('Message examples').inputValue()).toBe(
        '{{user}}: what grows well?\nMira: Tomatoes, in the sun.',
      );
      expect(await editor.getByLabel('Topics').inputValue()).toBe('gardens, weather');
      expect(await editor.getByLabel(TEST_PLUGIN).isChecked()).toBe(true);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
      await editor.getByLabel('Bio').fill('Keeps bees.');
      await editor.getByRole('button', { name: 'Save' }).click();
      await page.locator('#agents-status', { hasText: 'version 2' }).waitFor();
      await page.getByRole('button', { name: 'Chat' }).click();
      await say(page, 'and now?', 'Mira here. Keeps bees.');
      expect(running.factory.prompts.at(-1)).toContain('# About Mira\nKeeps bees.');

      // Stop and start from the list.
      await page.getByRole('button', { name: 'Agents' }).click();
      await mira.getByRole('button', { name: 'Stop' }).click();
      await page.locator('#agents-list li', { hasText: 'Mira' }).locator('.badge', { hasText: 'stopped' }).waitFor();
      await page.locator('#agents-list li', { hasText: 'Mira' }).getByRole('button', { name: 'Start' }).click();
      await page.locator('#agents-list li', { hasText: 'Mira' }).locator('.badge', { hasText: 'running' }).waitFor();

      // A file agent can be viewed, not changed.
      await page.getByRole('button', { name: 'Agents' }).click();
      await page.locator('#agents-list li', { hasText: 'Testy' }).getByRole('button', { name: 'Edit' }).click();
      await page.locator('#agent-editor-note', { hasText: 'character file' }).waitFor();
      expect(await editor.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

      // Restart: the agent is found again.
      await context.close();
      await running.server.close();
      running = await start();
      context = await browser.newContext({ viewport: PHONE });
      page = await context.newPage();
      await page.goto(running.url);
      await page.locator('#agent option', { hasText: 'Mira' }).waitFor({ state: 'attached' });

      // A second person talks to Mira; the conversation list names both, newest first.
      await page.selectOption('#agent', { label: 'Mira' });
      await setName(page, 'Bob');
      await page.selectOption('#agent', { label: 'Testy' });
      await page.selectOption('#agent', { label: 'Mira' });
      await say(page, 'hi, I am Bob', 'Mira here. Keeps bees.');
      await page.getByRole('button', { name: 'Agents' }).click();
      await page.locator('#agents-list li', { hasText: 'Mira' }).getByRole('button', { name: 'Conversations' }).click();
      await page.locator('#conversations-list li').nth(1).waitFor();
      const lines = await page.locator('#conversations-list li').allTextContents();
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^Bob.*Mira: Mira here\. Keeps bees\./);
      expect(lines[1]).toMatch(/^Ada/);

      // Opening Ada's shows its whole history from the database, authors by name with times; chatting goes on there.
      await page.getByRole('button', { name: 'Open the conversation with Ada' }).click();
      await page.locator('#messages .msg.user', { hasText: 'hello Mira' }).waitFor();
      expect(await page.locator('#messages .msg.user .who').allTextContents()).toEqual(['Ada', 'Ada']);
      expect(await page.locator('#messages .msg > time').count()).toBe(4);
      await say(page, 'Bob here, in your chat with Ada', 'Mira here. Keeps bees.');
      expect(await page.locator('#messages .msg').count()).toBe(6);
    } finally {
      await context.close();
      await running.server.close();
    }
  });

  it("finds a person's conversation by name in a new browser (history is in the database)", async () => {
    const running = await start();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript("localStorage.setItem('kith.userName', 'Ada')");
      await page.goto(running.url);
      await page.locator('#agent option', { hasText: 'Mira' }).waitFor({ state: 'attached' });
      await page.selectOption('#agent', { label: 'Mira' });
      await page.locator('#messages .msg.user', { hasText: 'hello Mira' }).waitFor();

      // A channel Mira is in is one of its conversations, opened in the Channels view.
      const { agents } = (await http(running.url, '/api/agents')).body;
      const miraId = agents.find((agent: { name: string }) => agent.name === 'Mira').id;
      const { channel } = (
        await http(running.url, '/api/channels', { body: { agentIds: [miraId], name: 'garden club' } })
      ).body;
      await http(running.url, `/api/channels/${channel.id}/messages`, {
        body: { text: 'bees or tomatoes?', userName: 'Cy' },
      });
      await page.getByRole('button', { name: 'Agents' }).click();
      const conversations = page.getByRole('button', { name: 'Conversations of Mira' });
      await conversations.click();
      const inChannel = page.locator('#conversations-list li', { hasText: 'Cy' });
      await inChannel.waitFor();
      await inChannel.getByRole('button').click();
      await page.locator('#channel-title', { hasText: 'garden club' }).waitFor();
      await page.locator('#channel-messages', { hasText: 'bees or tomatoes?' }).waitFor();

      // Deleted from the list (after a confirmation): gone from the list and the chat's agents.
      page.on('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Agents' }).click();
      await page.getByRole('button', { name: 'Delete Mira' }).click();
      await page.locator('#agents-status', { hasText: 'Mira was deleted.' }).waitFor();
      expect(await page.locator('#agents-list li').allTextContents()).toEqual([expect.stringContaining('Testy')]);
      await page.locator('#agent option', { hasText: 'Mira' }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
      await running.server.close();
    }
  });
});
