// The compat suite's plugin-evm, plugin-tee and plugin-twitter characters on elizaOS 1.7.2 itself, for comparison (see README.md).
import { createServer } from 'node:http';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentRuntime, ModelType, ChannelType } from '@elizaos/core';
import sqlPlugin from '@elizaos/plugin-sql';
import bootstrapPlugin from '@elizaos/plugin-bootstrap';
import evmPlugin from '@elizaos/plugin-evm';
import twitterPlugin from '@elizaos/plugin-twitter';
import teePlugin from '@elizaos/plugin-tee';
import { generateKeyPairSync } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { parseTransaction, recoverTransactionAddress } from 'viem';

const which = process.argv[2];
const hex = (v) => `0x${v.toString(16)}`;
const calls = [];
const raws = [];
const rpc = createServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    const one = ({ id, method, params = [] }) => {
      calls.push(method);
      const result = {
        eth_chainId: hex(11155111),
        eth_blockNumber: '0x1234',
        eth_getBalance: hex(1500000000000000000n),
        eth_getTransactionCount: '0x0',
        eth_gasPrice: hex(2000000000n),
        eth_maxPriorityFeePerGas: hex(1000000000n),
        eth_estimateGas: hex(21000),
        eth_getBlockByNumber: {
          number: '0x1234',
          hash: `0x${'ab'.repeat(32)}`,
          parentHash: `0x${'cd'.repeat(32)}`,
          timestamp: hex(Math.floor(Date.now() / 1000)),
          baseFeePerGas: hex(1000000000n),
          gasLimit: hex(30000000),
          gasUsed: '0x0',
          transactions: [],
          uncles: [],
          nonce: '0x0000000000000000',
          difficulty: '0x0',
          extraData: '0x',
          logsBloom: `0x${'0'.repeat(512)}`,
          miner: `0x${'0'.repeat(40)}`,
          size: '0x200',
          stateRoot: `0x${'0'.repeat(64)}`,
          receiptsRoot: `0x${'0'.repeat(64)}`,
          transactionsRoot: `0x${'0'.repeat(64)}`,
          sha3Uncles: `0x${'0'.repeat(64)}`,
          mixHash: `0x${'0'.repeat(64)}`,
        },
      }[method];
      if (method === 'eth_sendRawTransaction') {
        raws.push(params[0]);
        return { jsonrpc: '2.0', id, result: `0x${createHash('sha256').update(params[0]).digest('hex')}` };
      }
      return result === undefined
        ? { jsonrpc: '2.0', id, error: { code: -32601, message: method } }
        : { jsonrpc: '2.0', id, result };
    };
    const body = JSON.parse(text);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(Array.isArray(body) ? body.map(one) : one(body)));
  });
});
await new Promise((r) => rpc.listen(0, '127.0.0.1', r));
const rpcUrl = `http://127.0.0.1:${rpc.address().port}`;

// The suite's scripted model, as a plugin: the same transfer answer when the prompt carries the request.
const prompts = [];
const scripted = {
  name: 'scripted-model',
  priority: 100,
  models: {
    [ModelType.TEXT_SMALL]: async (_rt, { prompt }) => {
      prompts.push(prompt);
      if (prompt.includes('requested token transfer')) {
        const m = /[Ss]end ([\d.]+) ETH to (0x[0-9a-fA-F]{40}) on (\w+)/.exec(prompt);
        return m
          ? `<response><fromChain>${m[3]}</fromChain><amount>${m[1]}</amount><toAddress>${m[2]}</toAddress><token>null</token><data>null</data></response>`
          : '<response><fromChain>null</fromChain><amount>null</amount><toAddress>null</toAddress></response>';
      }
      return 'Plain answer.';
    },
    [ModelType.TEXT_LARGE]: async () =>
      '<response><thought>x</thought><actions>REPLY</actions><text>Reply.</text></response>',
    [ModelType.TEXT_EMBEDDING]: async () => new Array(384).fill(0),
  },
};

// A local stand-in for Phala's dstack daemon, as in ../src/testing/dstack-simulator.ts.
const teeCalls = [];
const dstack = createServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    teeCalls.push(req.url);
    const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        req.url.includes('DeriveKey') ? { key, certificate_chain: [] } : { quote: '0x1234', event_log: '[]' },
      ),
    );
  });
});
await new Promise((r) => dstack.listen(0, '127.0.0.1', r));
process.env.DSTACK_SIMULATOR_ENDPOINT = `http://127.0.0.1:${dstack.address().port}`;

const privateKey = `0x${randomBytes(32).toString('hex')}`;
const address = privateKeyToAccount(privateKey).address;
const settings = {
  PGLITE_DATA_DIR: mkdtempSync(join(tmpdir(), 'eliza172-')),
  chains: { evm: ['sepolia'] },
  secrets: { EVM_PRIVATE_KEY: privateKey, EVM_PROVIDER_SEPOLIA: rpcUrl },
};
if (which === 'tee') {
  settings.secrets = { TEE_MODE: 'LOCAL', WALLET_SECRET_SALT: 'compat-wallet-salt', EVM_PROVIDER_SEPOLIA: rpcUrl };
}
if (which === 'twitter') {
  settings.secrets = {
    TWITTER_API_KEY: 'compat-api-key',
    TWITTER_API_SECRET_KEY: 'compat-api-secret',
    TWITTER_ACCESS_TOKEN: '123-compat-access-token',
    TWITTER_ACCESS_TOKEN_SECRET: 'compat-access-secret',
  };
}
const plugin = which === 'twitter' ? twitterPlugin : evmPlugin;
const extra = which === 'tee' ? [teePlugin] : [];
const runtime = new AgentRuntime({
  character: { name: 'Treasurer', bio: ['Keeps an EVM wallet.'], settings, plugins: [] },
  plugins: [scripted, ...extra, plugin, bootstrapPlugin],
});
// elizaOS's server runs the migrations before an agent's initialize(); a bare runtime does it by hand.
await runtime.registerPlugin(sqlPlugin);
await runtime.adapter.init();
await runtime.runPluginMigrations();
let started = performance.now();
await runtime.initialize();
console.log(`SIDE: initialize() returned in ${Math.round(performance.now() - started)} ms`);

if (which === 'twitter') {
  console.log(`SIDE: actions ${runtime.actions.filter((a) => a.name === 'POST_TWEET').map((a) => a.name)}`);
  console.log(`SIDE: twitter service right after initialize: ${Boolean(runtime.getService('twitter'))}`);
  await new Promise((r) => setTimeout(r, 8000));
  console.log(`SIDE: twitter service after 8 s: ${Boolean(runtime.getService('twitter'))}`);
  started = performance.now();
  await runtime.stop();
  console.log(`SIDE: stop() returned in ${Math.round(performance.now() - started)} ms`);
  rpc.close();
  setTimeout(() => {
    console.log('SIDE: process still alive 5 s after stop() (the login loop keeps it): exiting');
    process.exit(0);
  }, 5000).unref?.();
} else if (which === 'tee') {
  await new Promise((r) => setTimeout(r, 1000));
  console.log(`SIDE: services ${[...runtime.getAllServices().keys()]}`);
  const message = {
    id: randomUUID(),
    entityId: randomUUID(),
    agentId: runtime.agentId,
    roomId: randomUUID(),
    content: { text: 'Who holds your keys?' },
  };
  const state = { values: {}, data: {}, text: '' };
  for (const name of ['phala-derive-key', 'EVMWalletProvider']) {
    const result = await runtime.providers.find((p) => p.name === name).get(runtime, message, state);
    console.log(`SIDE: ${name} ${JSON.stringify(result.text)}`);
  }
  console.log(
    `SIDE: dstack calls ${teeCalls.length}, eth_getBalance calls ${calls.filter((m) => m === 'eth_getBalance').length}`,
  );
  await runtime.stop();
  process.exit(0);
} else {
  console.log(`SIDE: services ${[...runtime.getAllServices().keys()]}`);
  const roomId = randomUUID();
  const entityId = randomUUID();
  await runtime.ensureConnection({
    entityId,
    roomId,
    worldId: randomUUID(),
    source: 'compat',
    type: ChannelType.DM,
    userName: 'tester',
    name: 'tester',
  });
  const recipient = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
  const message = {
    id: randomUUID(),
    entityId,
    agentId: runtime.agentId,
    roomId,
    content: { text: `Send 0.25 ETH to ${recipient} on sepolia`, source: 'compat', channelType: 'DM' },
    createdAt: Date.now(),
  };
  await runtime.createMemory(message, 'messages');
  const state = await runtime.composeState(message);
  const wallet = await runtime.providers.find((p) => p.name === 'EVMWalletProvider').get(runtime, message, state);
  console.log(`SIDE: wallet text ${JSON.stringify(wallet.text)} (address ${address})`);
  const transfer = runtime.actions.find((a) => a.name === 'EVM_TRANSFER_TOKENS');
  const sent = [];
  const ok = await transfer.handler(runtime, message, state, {}, async (c) => (sent.push(c.text), []), []);
  console.log(`SIDE: transfer returned ${ok}; callback ${JSON.stringify(sent)}`);
  const prompt = prompts.find((p) => p.includes('requested token transfer')) ?? '';
  console.log(
    `SIDE: transfer prompt has the request: ${prompt.includes(recipient)}; supportedChains: ${/<fromChain>sepolia \| null/.test(prompt)}`,
  );
  if (raws[0]) {
    const tx = parseTransaction(raws[0]);
    console.log(
      `SIDE: raw tx chainId ${tx.chainId} to ${tx.to} value ${tx.value} signer ok ${(await recoverTransactionAddress({ serializedTransaction: raws[0] })) === address}`,
    );
  }
  await runtime.stop();
  rpc.close();
  process.exit(0);
}
