import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One JSON-RPC call the chain received. */
export interface RpcCall {
  method: string;
  params: unknown[];
}

export interface EvmJsonRpc {
  url: string;
  calls: RpcCall[];
  /** The raw signed transactions received by eth_sendRawTransaction, in order. */
  rawTransactions: string[];
  close(): Promise<void>;
}

export interface EvmChainOptions {
  chainId: number;
  /** What eth_getBalance answers for every address, in wei. */
  balanceWei: bigint;
}

const hex = (value: number | bigint) => `0x${value.toString(16)}`;
const BLOCK_NUMBER = 0x1234;
const GWEI = 1_000_000_000n;
const ZERO_HASH = `0x${'0'.repeat(64)}`;

/** A mined block, with the EIP-1559 base fee viem reads to choose the transaction type. */
function latestBlock() {
  return {
    number: hex(BLOCK_NUMBER),
    hash: `0x${'ab'.repeat(32)}`,
    parentHash: `0x${'cd'.repeat(32)}`,
    nonce: '0x0000000000000000',
    sha3Uncles: ZERO_HASH,
    logsBloom: `0x${'0'.repeat(512)}`,
    transactionsRoot: ZERO_HASH,
    stateRoot: ZERO_HASH,
    receiptsRoot: ZERO_HASH,
    miner: `0x${'0'.repeat(40)}`,
    difficulty: '0x0',
    totalDifficulty: '0x0',
    extraData: '0x',
    size: '0x200',
    gasLimit: hex(30_000_000),
    gasUsed: '0x0',
    timestamp: hex(Math.floor(Date.now() / 1000)),
    baseFeePerGas: hex(GWEI),
    mixHash: ZERO_HASH,
    transactions: [],
    uncles: [],
  };
}

/**
 * A local EVM chain's JSON-RPC endpoint, as far as a wallet needs one: chain id, block number,
 * balances, nonces, fees, gas estimates and raw transaction submission (kept for the test to
 * decode). Batched requests are answered too. Unknown methods answer JSON-RPC's -32601.
 */
export async function startEvmJsonRpc({ chainId, balanceWei }: EvmChainOptions): Promise<EvmJsonRpc> {
  const calls: RpcCall[] = [];
  const rawTransactions: string[] = [];
  const answer = (
    method: string,
    params: unknown[],
  ): { result: unknown } | { error: { code: number; message: string } } => {
    switch (method) {
      case 'eth_chainId':
        return { result: hex(chainId) };
      case 'net_version':
        return { result: String(chainId) };
      case 'eth_blockNumber':
        return { result: hex(BLOCK_NUMBER) };
      case 'eth_getBalance':
        return { result: hex(balanceWei) };
      case 'eth_getTransactionCount':
        return { result: '0x0' };
      case 'eth_gasPrice':
        return { result: hex(2n * GWEI) };
      case 'eth_maxPriorityFeePerGas':
        return { result: hex(GWEI) };
      case 'eth_getBlockByNumber':
        return { result: latestBlock() };
      case 'eth_estimateGas':
        return { result: hex(21_000) };
      case 'eth_call':
        return { result: '0x' };
      case 'eth_sendRawTransaction': {
        const raw = String(params[0]);
        rawTransactions.push(raw);
        // Any 32-byte id will do for the wallet: the test decodes the raw transaction itself.
        return { result: `0x${createHash('sha256').update(raw).digest('hex')}` };
      }
      default:
        return { error: { code: -32601, message: `the compat chain does not know ${method}` } };
    }
  };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const reply = (request: { id?: unknown; method?: string; params?: unknown[] }) => {
        const method = String(request.method);
        const params = request.params ?? [];
        calls.push({ method, params });
        return { jsonrpc: '2.0', id: request.id ?? null, ...answer(method, params) };
      };
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }));
      }
      const out = Array.isArray(body) ? body.map(reply) : reply(body as Parameters<typeof reply>[0]);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    rawTransactions,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
