import type { Action, Memory, Plugin } from '@kith/core';
import { createTestRuntime, deterministicEmbedding } from '@kith/core/test';
import { ActionFilterService } from './action-filter-service';

const topics = [
  'weather forecast rain sun',
  'pizza delivery order food',
  'calendar meeting schedule',
  'music playlist song',
  'flight booking airline ticket',
  'stock price market shares',
  'translate language words',
  'recipe cooking kitchen',
  'reminder alarm wake',
  'email inbox send mail',
  'news headlines today',
  'math calculator numbers',
  'taxi ride car pickup',
  'movie cinema showtimes',
  'fitness workout gym',
  'hotel room reservation',
  'currency exchange rate',
  'package tracking parcel',
  'podcast episode listen',
  'garden plants watering',
];

function action(name: string, description: string): Action {
  return { name, description, similes: [], examples: [], validate: async () => true, handler: async () => undefined };
}

function pluginWith(actionCount: number, calls: number[]): Plugin {
  return {
    name: 'many-actions',
    description: 'many actions and an embedder',
    actions: [
      action('REPLY', 'reply to the message'),
      action('IGNORE', 'ignore the message'),
      action('NONE', 'do nothing extra'),
      ...topics.slice(0, actionCount).map((topic) => action(topic.split(' ')[0].toUpperCase(), `Handles ${topic}`)),
    ],
    models: {
      TEXT_EMBEDDING: async (_rt, params) => {
        const input = params as { text?: string; texts?: string[] } | null;
        if (input?.texts) {
          calls.push(input.texts.length);
          return input.texts.map((t) => deterministicEmbedding(t, 256));
        }
        return deterministicEmbedding(input?.text ?? '', 256);
      },
    },
  };
}

const message = (text: string): Memory => ({
  entityId: '00000000-0000-0000-0000-000000000001',
  roomId: '00000000-0000-0000-0000-000000000002',
  content: { text },
});

describe('ActionFilterService', () => {
  it('lists only the top-K most relevant actions plus REPLY, IGNORE and NONE past the threshold', async () => {
    const calls: number[] = [];
    const runtime = await createTestRuntime({ plugins: [pluginWith(20, calls)], settings: { ACTION_FILTER_TOP_K: 3 } });
    const service = await ActionFilterService.start(runtime);
    await service.whenReady();
    expect(calls).toEqual([23]); // one batch call for the whole index

    const selected = await service.select(message('will it rain? what is the weather forecast'), runtime.actions);
    const names = selected.map((a) => a.name);
    expect(names).toHaveLength(6);
    expect(names).toEqual(expect.arrayContaining(['REPLY', 'IGNORE', 'NONE', 'WEATHER']));
    // Original registration order is kept.
    expect(names.slice(0, 3)).toEqual(['REPLY', 'IGNORE', 'NONE']);
    expect(
      (await service.select(message('book me a hotel room reservation'), runtime.actions)).map((a) => a.name),
    ).toContain('HOTEL');
    await runtime.stop();
  });

  it('lists every action at or under the threshold', async () => {
    const runtime = await createTestRuntime({ plugins: [pluginWith(12, [])] });
    const service = await ActionFilterService.start(runtime);
    await service.whenReady();
    expect(await service.select(message('weather'), runtime.actions)).toHaveLength(15);
    await runtime.stop();
  });

  it('embeds nothing at start while every action is listed anyway', async () => {
    const calls: number[] = [];
    const runtime = await createTestRuntime({ plugins: [pluginWith(12, calls)] });
    const service = await ActionFilterService.start(runtime);
    await service.whenReady();
    expect(calls).toEqual([]);
    await runtime.stop();
  });

  it('makes no more model calls once stopped, even while the start-up index keeps failing', async () => {
    let attempts = 0;
    const failing: Plugin = {
      ...pluginWith(20, []),
      models: {
        TEXT_EMBEDDING: async () => {
          attempts += 1;
          throw new Error('model server unreachable');
        },
      },
    };
    const runtime = await createTestRuntime({ plugins: [failing] });
    const service = await ActionFilterService.start(runtime);
    await service.stop();
    const afterStop = attempts;
    await service.whenReady();
    // The call in flight at stop() may finish; its retries never start.
    expect(attempts).toBe(afterStop);
    await runtime.stop();
  });

  it('indexes actions registered after start when they are first needed', async () => {
    const calls: number[] = [];
    const runtime = await createTestRuntime({
      plugins: [pluginWith(10, calls)],
      settings: { ACTION_FILTER_THRESHOLD: 12, ACTION_FILTER_TOP_K: 2 },
    });
    const service = await ActionFilterService.start(runtime);
    await service.whenReady();
    runtime.registerAction(action('GARDEN', 'Handles garden plants watering'));
    runtime.registerAction(action('PODCAST', 'Handles podcast episode listen'));
    const names = (await service.select(message('water the garden plants'), runtime.actions)).map((a) => a.name);
    expect(names).toContain('GARDEN');
    expect(calls).toEqual([13, 2]);
    await runtime.stop();
  });
});
