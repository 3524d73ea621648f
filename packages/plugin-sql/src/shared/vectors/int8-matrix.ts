import { int8DotWasmBytes } from './int8-dot-wasm';

/** How the int8 dot products are computed: WebAssembly SIMD, or plain JavaScript (same results, several times slower). */
export type VectorKernel = 'wasm-simd' | 'js';

type DotsFunction = (query: number, rows: number, count: number, dims: number, out: number) => void;

// The slice of the WebAssembly API used here (the project's lib settings do not include its types).
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmModule {
  readonly compiled: unique symbol;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (module: WasmModule) => { exports: { memory: WasmMemory; dots: DotsFunction } };
}

let compiled: WasmModule | null | undefined;

/** The compiled SIMD module, or null when this runtime cannot compile it. */
function simdModule(): WasmModule | null {
  if (compiled === undefined) {
    const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
    try {
      compiled = wasm ? new wasm.Module(int8DotWasmBytes()) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** Whether WebAssembly SIMD works here (compiled once per process). */
export function isWasmSimdAvailable(): boolean {
  return simdModule() !== null;
}

const PAGE = 65536;
const align16 = (bytes: number): number => Math.ceil(bytes / 16) * 16;

/**
 * Rows of int8 codes in one contiguous buffer, with a query slot in front and
 * a scratch area for int32 results behind: [query | row 0 | row 1 | ... | out].
 * With the wasm kernel the buffer is the module's memory.
 */
export class Int8Matrix {
  /** The whole buffer as int8: query codes at 0, row r at rowOffset(r). */
  codes: Int8Array = new Int8Array(0);
  /** Results of the last dots() call. */
  out: Int32Array = new Int32Array(0);
  private capacity = 0;
  private outOffset = 0;
  private readonly memory: WasmMemory | null;
  private readonly dots: DotsFunction | null;

  constructor(
    readonly dims: number,
    readonly kernel: VectorKernel,
  ) {
    if (dims % 32 !== 0) throw new RangeError(`dims must be a multiple of 32, got ${dims}`);
    const module = kernel === 'wasm-simd' ? simdModule() : null;
    if (kernel === 'wasm-simd' && !module) throw new Error('WebAssembly SIMD is not available in this runtime');
    if (module) {
      const { exports } = new (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly.Instance(module);
      this.memory = exports.memory;
      this.dots = exports.dots;
    } else {
      this.memory = null;
      this.dots = null;
    }
    this.reserve(16);
  }

  rowOffset(slot: number): number {
    return this.dims * (slot + 1);
  }

  /** Makes room for `rows` rows, keeping the codes already stored. */
  reserve(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(rows, Math.ceil(this.capacity * 1.5));
    const outOffset = align16(this.dims * (capacity + 1));
    const bytes = outOffset + 4 * capacity;
    let buffer: ArrayBuffer;
    if (this.memory) {
      const missing = Math.ceil((bytes - this.memory.buffer.byteLength) / PAGE);
      if (missing > 0) this.memory.grow(missing);
      buffer = this.memory.buffer;
    } else {
      buffer = new ArrayBuffer(bytes);
      new Int8Array(buffer).set(this.codes.subarray(0, this.rowOffset(this.capacity)));
    }
    this.capacity = capacity;
    this.outOffset = outOffset;
    this.codes = new Int8Array(buffer);
    this.out = new Int32Array(buffer, outOffset, capacity);
  }

  copyRow(from: number, to: number): void {
    const start = this.rowOffset(from);
    this.codes.copyWithin(this.rowOffset(to), start, start + this.dims);
  }

  /** out[0..count) = query . row r, for rows 0..count-1. */
  dotsAll(count: number): void {
    if (count === 0) return;
    if (this.dots) {
      this.dots(0, this.dims, count, this.dims, this.outOffset);
      return;
    }
    const { codes, dims, out } = this;
    for (let row = 0; row < count; row++) out[row] = this.jsDot(dims * (row + 1), codes, dims);
  }

  /** query . row `slot`. */
  dotRow(slot: number): number {
    if (this.dots) {
      this.dots(0, this.rowOffset(slot), 1, this.dims, this.outOffset);
      return this.out[0];
    }
    return this.jsDot(this.rowOffset(slot), this.codes, this.dims);
  }

  private jsDot(base: number, codes: Int8Array, dims: number): number {
    let sum = 0;
    for (let i = 0; i < dims; i++) sum += codes[i] * codes[base + i];
    return sum;
  }
}
