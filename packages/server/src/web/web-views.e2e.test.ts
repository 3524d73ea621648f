import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUuid, utcDay } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import type { Browser, Page } from 'playwright-core';
import { createCostlyAgent, PAID_CALL_USD } from '../testing/costly-agent';
import { http } from '../testing/http-client';
import { launchChromium } from '../testing/launch-chromium';
import { startTestServer } from '../testing/test-server';

async function texts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).allTextContents();
}

describe('web page views (Runs, Memories, Usage), driven in Chromium', () => {
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    browser = await launchChromium();
    dataDir = mkdtempSync(path.join(tmpdir(), 'kith-web-views-'));
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows runs with timings, tokens, cost, prompt and response; pages and searches memories; charts cost per day and room with the budget', async () => {
    // The budget falls during the second paid call: the third message is answered offline.
    const agent = await createCostlyAgent(dataDir, { MAX_DAILY_COST_USD: String(PAID_CALL_USD * 1.5) }, 'Penny');
    const quiet = await createCostlyAgent(dataDir, { LOG_PROMPTS_TO_DB: 'false' }, 'Quinn');
    const { server, url } = await startTestServer({ agents: [agent.runtime, quiet.runtime] });
    const context = await browser.newContext();
    try {
      const base = `/api/agents/${agent.runtime.agentId}`;
      const channel = randomUuid();
      agent.queue.push(scriptedReply('Cats sleep most of the day.'), scriptedReply('Markets were calm.'));
      const first = await http(url, `${base}/messages`, {
        body: { text: 'tell me about my cat who sleeps all day', roomId: channel, userName: 'ada' },
      });
      await http(url, `${base}/messages`, {
        body: { text: 'how did the stock market do', roomId: channel, userName: 'ada' },
      });
      await http(url, `${base}/messages`, {
        body: { text: 'and the weather?', roomId: randomUuid(), userName: 'bob' },
      });
      await agent.runtime.messageService?.whenIdle?.();
      await http(url, `/api/agents/${quiet.runtime.agentId}/messages`, {
        body: { text: 'hello quinn', userName: 'ada' },
      });
      await quiet.runtime.messageService?.whenIdle?.();

      const page = await context.newPage();
      await page.goto(url);
      await page.locator('#agent option', { hasText: 'Penny' }).waitFor({ state: 'attached' });
      await page.selectOption('#agent', agent.runtime.agentId);

      // Runs: the list, then one run's timeline, calls with tokens, cached tokens and cost, and the stored prompt and response.
      await page.click('#tabs [data-view="runs"]');
      await page.locator('#runs-list tr.pick').nth(2).waitFor();
      expect(await page.locator('#runs-list tr.pick').count()).toBe(3);
      await page.locator(`#runs-list tr[data-run-id="${first.body.runId}"]`).click();
      await page.locator('#run-detail .timeline-bars').waitFor();
      expect(await page.locator('#run-detail .run-summary').textContent()).toMatch(/1,500 of them cached .* \$0\.0002/);
      const bars = await texts(page, '#run-detail .bar-label');
      expect(bars).toEqual(expect.arrayContaining(['model: TEXT_LARGE (scripted-model)', 'provider: RECENT_MESSAGES']));
      const call = await page
        .locator('#run-detail table.grid tr')
        .filter({ hasText: 'gpt-4o-mini' })
        .first()
        .locator('td')
        .allTextContents();
      expect(call.slice(0, 3)).toEqual(['TEXT_LARGE', 'scripted-model', 'gpt-4o-mini']);
      expect(call.slice(4, 8)).toEqual(['2,000', '1,500', '100', '$0.0002']);
      expect(await page.locator('#run-detail .note').allTextContents()).toContain(
        'Prompts and raw responses are kept because LOG_PROMPTS_TO_DB=true (each cut at 50,000 characters).',
      );
      await page.locator('#run-detail details.calls summary').first().click();
      expect(await page.locator('#run-detail pre.prompt').first().textContent()).toContain(
        'tell me about my cat who sleeps all day',
      );
      expect(await page.locator('#run-detail pre.response').first().textContent()).toContain(
        'Cats sleep most of the day.',
      );

      // Memories: the room's messages a page at a time, then a search by meaning.
      await page.click('#tabs [data-view="memories"]');
      await page.locator('#memory-room option').first().waitFor({ state: 'attached' });
      await page.selectOption('#memory-room', first.body.roomId);
      await page.locator('#memory-list li', { hasText: 'how did the stock market do' }).waitFor();
      expect(await texts(page, '#memory-list li .text')).toEqual(
        expect.arrayContaining([
          'tell me about my cat who sleeps all day',
          'Cats sleep most of the day.',
          'how did the stock market do',
        ]),
      );
      await page.fill('#memory-query', 'tell me about my cat who sleeps all day');
      await page.click('#memory-search button');
      await page.locator('#memory-note', { hasText: 'Closest in meaning' }).waitFor();
      expect(await page.locator('#memory-list li .text').first().textContent()).toBe(
        'tell me about my cat who sleeps all day',
      );
      expect(await page.locator('#memory-list li .meta').first().textContent()).toMatch(/similarity \d\.\d{3}/);

      // Usage: cost per day (today over budget, in red), per room, and the budget line.
      await page.click('#tabs [data-view="usage"]');
      await page.locator('#usage-days-chart svg rect.day').first().waitFor({ state: 'attached' });
      expect(await page.locator('#usage-days-chart svg rect.day').count()).toBe(30);
      const today = page.locator(`#usage-days-chart svg rect[data-day="${utcDay(Date.now())}"]`);
      expect(await today.getAttribute('class')).toBe('day over');
      expect(Number(await today.getAttribute('data-cost'))).toBeCloseTo(2 * PAID_CALL_USD, 12);
      expect(await page.locator('#usage-days-chart svg line.limit').count()).toBe(1);
      expect(await page.locator('#usage-budget').textContent()).toMatch(
        /^Daily budget reached: \$0\.0005 of \$0\.0004 today \(UTC\); the agent answers with the offline model/,
      );
      expect(await page.locator('#usage-totals').textContent()).toMatch(
        /4,000 input tokens \(3,000 cached\) · 200 output tokens · \$0\.0005$/,
      );
      const roomLabels = await texts(page, '#usage-rooms-chart .bar-label');
      expect(roomLabels.length).toBeGreaterThanOrEqual(2);
      expect(await page.locator('#usage-note').textContent()).toContain('default OpenAI list prices of 2025-08');

      // Another agent without LOG_PROMPTS_TO_DB: the run view says prompts are not stored.
      await page.selectOption('#agent', quiet.runtime.agentId);
      await page.click('#tabs [data-view="runs"]');
      await page.locator('#runs-list tr.pick').first().click();
      await page.locator('#run-detail .note', { hasText: 'not stored' }).waitFor();
      expect(await page.locator('#run-detail pre').count()).toBe(0);
      expect(await page.locator('#usage-budget').textContent()).toBeDefined();
    } finally {
      await context.close();
      await server.close();
    }
  });
});
