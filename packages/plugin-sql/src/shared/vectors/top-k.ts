/** Keeps the k highest-scoring items seen (a min-heap on score). */
export class TopK<T> {
  private readonly heap: { item: T; score: number }[] = [];

  constructor(private readonly k: number) {}

  offer(item: T, score: number): void {
    if (this.k <= 0) return;
    if (this.heap.length < this.k) {
      this.heap.push({ item, score });
      this.siftUp(this.heap.length - 1);
    } else if (score > this.heap[0].score) {
      this.heap[0] = { item, score };
      this.siftDown(0);
    }
  }

  /** The score an item must beat to get in (-Infinity while there is room). */
  get threshold(): number {
    return this.heap.length < this.k ? Number.NEGATIVE_INFINITY : this.heap[0].score;
  }

  /** Best first. */
  sorted(): { item: T; score: number }[] {
    return [...this.heap].sort((a, b) => b.score - a.score);
  }

  private siftUp(i: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent].score <= heap[i].score) return;
      [heap[parent], heap[i]] = [heap[i], heap[parent]];
      i = parent;
    }
  }

  private siftDown(i: number): void {
    const heap = this.heap;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && heap[left].score < heap[smallest].score) smallest = left;
      if (right < heap.length && heap[right].score < heap[smallest].score) smallest = right;
      if (smallest === i) return;
      [heap[smallest], heap[i]] = [heap[i], heap[smallest]];
      i = smallest;
    }
  }
}
