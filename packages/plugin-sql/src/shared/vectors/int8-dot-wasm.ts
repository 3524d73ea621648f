/**
 * The bytes of a tiny WebAssembly module (SIMD128, in every Node >= 16.4):
 *
 *   memory 1 (exported as "memory", grown from JS)
 *   func dots(query, rows, count, dims, out)
 *     for r in 0..count: out[r] = sum over i of int8 query[i] * int8 rows[r * dims + i]
 *
 * int32 results are exact (|sum| <= 3072 * 127 * 127 < 2^31). `dims` must be
 * a multiple of 32 (every supported dimension is). Each 16-byte step widens
 * int8 products to int16 (extmul), pairs them into int32 (extadd) and keeps
 * two accumulators so consecutive steps do not wait on each other. Written
 * out as instructions rather than a binary blob so it can be reviewed.
 */

const uleb = (value: number): number[] => {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return bytes;
};

const sleb = (value: number): number[] => {
  const bytes: number[] = [];
  let rest = value | 0;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
};

const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const name = (text: string): number[] => [...uleb(text.length), ...Array.from(Buffer.from(text, 'utf8'))];

// Instructions used (core and SIMD opcodes from the WebAssembly spec).
const I32 = 0x7f;
const V128 = 0x7b;
const get = (local: number) => [0x20, local];
const set = (local: number) => [0x21, local];
const tee = (local: number) => [0x22, local];
const i32Const = (value: number) => [0x41, ...sleb(value)];
const I32_ADD = 0x6a;
const I32_SHL = 0x74;
const I32_EQZ = 0x45;
const I32_LT_U = 0x49;
const i32Store = [0x36, 0x02, 0x00]; // align 4, offset 0
const block = [0x02, 0x40];
const loop = [0x03, 0x40];
const END = 0x0b;
const brIf = (depth: number) => [0x0d, depth];
const simd = (op: number) => [0xfd, ...uleb(op)];
const v128Load = (offset: number) => [...simd(0x00), 0x04, ...uleb(offset)];
const v128Zero = [...simd(0x0c), ...new Array<number>(16).fill(0)];
const I16X8_EXTMUL_LOW_I8X16_S = simd(0x9c);
const I16X8_EXTMUL_HIGH_I8X16_S = simd(0x9d);
const I32X4_EXTADD_PAIRWISE_I16X8_S = simd(0x7e);
const I32X4_ADD = simd(0xae);
const i32x4Lane = (lane: number) => [...simd(0x1b), lane];

// Locals: parameters first, then declared ones.
const QUERY = 0;
const ROWS = 1;
const COUNT = 2;
const DIMS = 3;
const OUT = 4;
const I = 5;
const END_OUT = 6;
const ACC_A = 7;
const ACC_B = 8;
const X = 9;
const Y = 10;

/** acc += widened products of the 16 query and row bytes at offset i + `offset`. */
const step = (acc: number, offset: number): number[] => [
  ...get(QUERY),
  ...get(I),
  I32_ADD,
  ...v128Load(offset),
  ...set(X),
  ...get(ROWS),
  ...get(I),
  I32_ADD,
  ...v128Load(offset),
  ...set(Y),
  ...get(acc),
  ...get(X),
  ...get(Y),
  ...I16X8_EXTMUL_LOW_I8X16_S,
  ...I32X4_EXTADD_PAIRWISE_I16X8_S,
  ...I32X4_ADD,
  ...get(X),
  ...get(Y),
  ...I16X8_EXTMUL_HIGH_I8X16_S,
  ...I32X4_EXTADD_PAIRWISE_I16X8_S,
  ...I32X4_ADD,
  ...set(acc),
];

const laneSum = (acc: number): number[] => [
  ...get(acc),
  ...i32x4Lane(0),
  ...get(acc),
  ...i32x4Lane(1),
  I32_ADD,
  ...get(acc),
  ...i32x4Lane(2),
  I32_ADD,
  ...get(acc),
  ...i32x4Lane(3),
  I32_ADD,
];

const dotsBody: number[] = [
  // 2 i32 locals (i, endOut), 4 v128 locals (accA, accB, x, y)
  0x02,
  0x02,
  I32,
  0x04,
  V128,
  ...get(OUT),
  ...get(COUNT),
  ...i32Const(2),
  I32_SHL,
  I32_ADD,
  ...set(END_OUT),
  ...block,
  ...get(COUNT),
  I32_EQZ,
  ...brIf(0),
  ...loop, // one row
  ...v128Zero,
  ...set(ACC_A),
  ...v128Zero,
  ...set(ACC_B),
  ...i32Const(0),
  ...set(I),
  ...loop, // 32 bytes of the row
  ...step(ACC_A, 0),
  ...step(ACC_B, 16),
  ...get(I),
  ...i32Const(32),
  I32_ADD,
  ...tee(I),
  ...get(DIMS),
  I32_LT_U,
  ...brIf(0),
  END,
  ...get(ACC_A),
  ...get(ACC_B),
  ...I32X4_ADD,
  ...set(ACC_A),
  ...get(OUT),
  ...laneSum(ACC_A),
  ...i32Store,
  ...get(ROWS),
  ...get(DIMS),
  I32_ADD,
  ...set(ROWS),
  ...get(OUT),
  ...i32Const(4),
  I32_ADD,
  ...tee(OUT),
  ...get(END_OUT),
  I32_LT_U,
  ...brIf(0),
  END,
  END,
  END,
];

/** The module's bytes (about 300). */
export function int8DotWasmBytes(): Uint8Array {
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00, // "\0asm", version 1
    ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]), // type 0: (i32 x5) -> ()
    ...section(3, [1, 0]), // func 0 has type 0
    ...section(5, [1, 0x00, 1]), // one memory, 1 page minimum
    ...section(7, [2, ...name('dots'), 0x00, 0, ...name('memory'), 0x02, 0]),
    ...section(10, [1, ...uleb(dotsBody.length), ...dotsBody]),
  ]);
}
