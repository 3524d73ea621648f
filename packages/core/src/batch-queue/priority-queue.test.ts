import { createCapturingLogger } from '../testing/capturing-logger';
import { PriorityQueue } from './priority-queue';

describe('PriorityQueue', () => {
  it('serves high before normal before low, FIFO within a priority', () => {
    const queue = new PriorityQueue<string>();
    queue.enqueue('low-1', 'low');
    queue.enqueue('normal-1');
    queue.enqueue('high-1', 'high');
    queue.enqueue('low-2', 'low');
    queue.enqueue('high-2', 'high');
    queue.enqueue('normal-2', 'normal');
    expect(queue.take(10)).toEqual(['high-1', 'high-2', 'normal-1', 'normal-2', 'low-1', 'low-2']);
    expect(queue.dequeue()).toBeUndefined();
    expect(queue.size).toBe(0);
  });

  it('treats an unknown priority as normal and warns once per queue', () => {
    const { logger, messages } = createCapturingLogger();
    const queue = new PriorityQueue<string>({ name: 'embeddings', logger });
    queue.enqueue('a', 'urgent');
    queue.enqueue('b', 'HIGH');
    queue.enqueue('c', 'low');
    expect(queue.sizeOf('normal')).toBe(2);
    expect(messages('warn')).toEqual([
      'Unknown priority "urgent" in queue embeddings; treating it as "normal" (use high, normal or low)',
    ]);
    const other = new PriorityQueue<string>({ name: 'other', logger });
    other.enqueue('d', 'soon');
    expect(messages('warn')).toHaveLength(2);
  });

  it('when full drops the oldest item of the lowest priority, logging a running count', () => {
    const { logger, entries } = createCapturingLogger();
    const dropped: string[] = [];
    const queue = new PriorityQueue<string>({ maxSize: 3, name: 'q', logger, onDrop: (item) => dropped.push(item) });
    queue.enqueue('n1');
    queue.enqueue('l1', 'low');
    queue.enqueue('l2', 'low');
    queue.enqueue('h1', 'high'); // drops l1
    queue.enqueue('h2', 'high'); // drops l2
    queue.enqueue('h3', 'high'); // drops n1
    expect(dropped).toEqual(['l1', 'l2', 'n1']);
    expect(queue.droppedCount).toBe(3);
    expect(queue.take(5)).toEqual(['h1', 'h2', 'h3']);
    expect(entries.filter((e) => e.level === 'warn').map((e) => e.droppedTotal)).toEqual([1, 2, 3]);
  });

  it('takes all of one priority', () => {
    const queue = new PriorityQueue<number>();
    [1, 2, 3].forEach((n) => queue.enqueue(n, n === 2 ? 'low' : 'high'));
    expect(queue.takeAll('high')).toEqual([1, 3]);
    expect(queue.take(5)).toEqual([2]);
  });
});
