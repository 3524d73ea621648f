import type { UUID } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../testing/launch-chromium';
import { storyPlugin } from '../testing/story-plugin';
import { createTestAgent } from '../testing/test-agent';
import { startTestServer } from '../testing/test-server';

// Browser-side snippets are strings: this package type-checks without the DOM library.
/** Records every agent bubble's class and text as it changes, so a test can see what was shown before the final reply. */
const WATCH_AGENT_BUBBLES = `(() => {
  window.__seen = [];
  const note = (node) => { if (node.classList && node.classList.contains('agent')) window.__seen.push(node.className + '|' + node.querySelector('.text').textContent); };
  new MutationObserver((records) => {
    for (const record of records) {
      const bubble = record.target.nodeType === 1 ? record.target.closest('.msg') : record.target.parentElement && record.target.parentElement.closest('.msg');
      if (bubble) note(bubble);
      record.addedNodes.forEach((node) => node.nodeType === 1 && note(node));
    }
  }).observe(document.querySelector('#messages'), { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class'] });
})()`;

async function text(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).allTextContents();
}

/** Waits for a finished (not thinking or streaming) agent bubble with this text. */
async function waitForReply(page: Page, reply: string): Promise<void> {
  await page.locator('.msg.agent:not(.thinking):not(.streaming) > .text', { hasText: reply }).waitFor();
}

describe('web chat page, driven in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("picks an agent, chats, streams, shows a reply's thought and run, and keeps the history across a reload", async () => {
    const ada = await createTestAgent({ name: 'Ada' });
    const bob = await createTestAgent({ name: 'Bob', plugins: [storyPlugin] });
    const { server, url } = await startTestServer({ agents: [ada.runtime, bob.runtime] });
    const context: BrowserContext = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(url);
      expect(await page.title()).toBe('Kith chat');
      await page.locator('#agent option', { hasText: 'Bob' }).waitFor({ state: 'attached' });
      expect(await text(page, '#agent option')).toEqual(['Ada', 'Bob']);
      await page.selectOption('#agent', bob.runtime.agentId);
      await page.locator('#connection[data-state="open"]').waitFor();
      await page.fill('#user-name', 'grace');
      await page.dispatchEvent('#user-name', 'change');
      await page.evaluate(WATCH_AGENT_BUBBLES);

      // A plain reply, then its details: thought, actions and the run timeline.
      bob.queue.push(scriptedReply('Hello Grace, I am Bob.', ['REPLY'], 'greet the newcomer by name'));
      await page.fill('#text', 'hi Bob');
      await page.press('#text', 'Enter');
      await waitForReply(page, 'Hello Grace, I am Bob.');
      expect(await text(page, '.msg.user > .text')).toEqual(['hi Bob']);
      expect(ada.model.callsOf('TEXT_LARGE')).toHaveLength(0);
      const first = page.locator('.msg.agent').first();
      await first.locator('summary').click();
      await first.locator('.timeline table').waitFor();
      expect(await first.locator('dd').allTextContents()).toEqual(['greet the newcomer by name', 'REPLY']);
      const steps = await first.locator('.timeline td:nth-child(2)').allTextContents();
      expect(steps).toEqual(expect.arrayContaining(['RUN_STARTED', 'MODEL_USED', 'RUN_ENDED']));

      // A streamed reply: the bubble shows the chunks as they come, then the final text.
      bob.queue.push(scriptedReply('', ['STORY'], 'a story it is'), 'Once upon a time.');
      await page.fill('#text', 'tell me a story');
      await page.click('#send');
      await waitForReply(page, 'Once upon a time. The end.');
      const seen = await page.evaluate<string[]>('window.__seen');
      expect(seen).toContain('msg agent thinking|thinking…');
      expect(seen).toContain('msg agent streaming|Once upon a time.');
      expect(seen).toContain('msg agent streaming|Once upon a time. The end.');

      // The agent pauses input (elizaOS's sendControlMessage), then gives it back.
      const rooms = JSON.parse(
        (await page.evaluate<string | null>("localStorage.getItem('kith.rooms')")) ?? '{}',
      ) as Record<string, UUID>;
      const roomId = rooms[bob.runtime.agentId];
      await bob.runtime.sendControlMessage({ roomId, action: 'disable_input' });
      await page.locator('#text[disabled]').waitFor();
      await bob.runtime.sendControlMessage({ roomId, action: 'enable_input' });
      await page.locator('#text:not([disabled])').waitFor();

      // Reload: the same agent, room and conversation come back from the server.
      const roomsBefore = await page.evaluate<string | null>("localStorage.getItem('kith.rooms')");
      await page.reload();
      await waitForReply(page, 'Once upon a time. The end.');
      expect(await page.inputValue('#agent')).toBe(bob.runtime.agentId);
      expect(await page.inputValue('#user-name')).toBe('grace');
      expect(await page.evaluate<string | null>("localStorage.getItem('kith.rooms')")).toBe(roomsBefore);
      expect(await text(page, '.msg > .text')).toEqual([
        'hi Bob',
        'Hello Grace, I am Bob.',
        'tell me a story',
        'Once upon a time. The end.',
      ]);
      expect(await text(page, '.msg.user > .who')).toEqual(['grace', 'grace']);

      // A reply from the history finds its run through the message it answers.
      const restored = page.locator('.msg.agent').first();
      await restored.locator('summary').click();
      await restored.locator('.timeline table').waitFor();
      expect(await restored.locator('dd').first().textContent()).toBe('greet the newcomer by name');
      expect(await restored.locator('.timeline td:nth-child(2)').allTextContents()).toEqual(
        expect.arrayContaining(['RUN_STARTED', 'MODEL_USED']),
      );

      // The other agent has its own, empty, room.
      await page.selectOption('#agent', ada.runtime.agentId);
      await page.locator('#status', { hasText: 'Say hello to Ada.' }).waitFor();
      expect(await page.locator('.msg').count()).toBe(0);
    } finally {
      await context.close();
      await server.close();
    }
  });

  it('asks for the API key when the server has one, then chats with it', async () => {
    const agent = await createTestAgent({ name: 'Ada' });
    const { server, url } = await startTestServer({ agents: [agent.runtime], authToken: 'open-sesame' });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // Sockets refused for want of a key retry on a timer; the socket opened with the key must be the only one left.
      let openSockets = 0;
      page.on('websocket', (socket) => {
        openSockets += 1;
        socket.on('close', () => (openSockets -= 1));
      });
      await page.goto(url);
      await page.locator('#key-form', { hasText: 'This server needs an API key.' }).waitFor();
      await page.fill('#key', 'wrong');
      await page.press('#key', 'Enter');
      await page.locator('#key-form', { hasText: 'That API key was refused.' }).waitFor();
      await page.fill('#key', 'open-sesame');
      await page.press('#key', 'Enter');
      await page.locator('#agent option', { hasText: 'Ada' }).waitFor({ state: 'attached' });
      expect(await page.locator('#key-form').isHidden()).toBe(true);
      // The WebSocket authenticates with ?apiKey= (browsers cannot set its headers).
      await page.locator('#connection[data-state="open"]').waitFor();
      // Longer than the retries pending from the refused sockets (0.5 s, then 1 s).
      await page.waitForTimeout(2_500);
      expect(openSockets).toBe(1);
      agent.queue.push(scriptedReply('The key works.'));
      await page.fill('#text', 'let me in');
      await page.press('#text', 'Enter');
      await waitForReply(page, 'The key works.');
      expect(await page.locator('.msg.agent').count()).toBe(1);
    } finally {
      await context.close();
      await server.close();
    }
  });
});
