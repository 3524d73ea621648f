import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { scratchProject, startKith, type KithAgent } from './kith-agent';
import { startEvmJsonRpc, type EvmJsonRpc } from './testing/evm-json-rpc';
import { startProviderServer, type ProviderServer } from './testing/provider-server';

interface ProviderOutcome {
  name: string;
  ok: boolean;
  text?: string;
  error?: string;
}
interface ActionOutcome {
  name: string;
  valid?: boolean;
  ok?: boolean;
  error?: string;
  callbacks: { text?: string }[];
}

/** The parts of viem the test uses, from the scratch project (plugin-evm's own copy, through @lifi/sdk). */
interface Viem {
  privateKeyToAccount(key: `0x${string}`): { address: string };
  parseTransaction(raw: `0x${string}`): { chainId?: number; to?: string | null; value?: bigint; type?: string };
  recoverTransactionAddress(args: { serializedTransaction: `0x${string}` }): Promise<string>;
}

const SEPOLIA = 11_155_111;
const BALANCE_WEI = 1_500_000_000_000_000_000n; // 1.5 ETH
const RECIPIENT = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';

describe('@elizaos/plugin-evm through kith start, against a local EVM JSON-RPC chain', () => {
  // A throwaway key, made for this run: the chain is local and holds nothing.
  const privateKey = `0x${randomBytes(32).toString('hex')}` as const;
  let viem: Viem;
  let address: string;
  let chain: EvmJsonRpc;
  let server: ProviderServer;
  let agent: KithAgent;

  beforeAll(async () => {
    const load = createRequire(join(scratchProject(), 'package.json'));
    viem = { ...(load('viem') as Viem), ...(load('viem/accounts') as Pick<Viem, 'privateKeyToAccount'>) };
    address = viem.privateKeyToAccount(privateKey).address;
    chain = await startEvmJsonRpc({ chainId: SEPOLIA, balanceWei: BALANCE_WEI });
    server = await startProviderServer();
    agent = await startKith({
      name: 'Treasurer',
      bio: ['Keeps an EVM wallet.'],
      plugins: [
        '@elizaos/plugin-sql',
        '@elizaos/plugin-openai',
        '@elizaos/plugin-evm',
        '@elizaos/plugin-bootstrap',
        'kith-compat-probe',
      ],
      settings: {
        // plugin-evm reads its chains from the character, each one's RPC from EVM_PROVIDER_<NAME>.
        chains: { evm: ['sepolia'] },
        secrets: {
          OPENAI_API_KEY: 'sk-compat',
          OPENAI_BASE_URL: `${server.url}/openai/v1`,
          OPENAI_EMBEDDING_DIMENSIONS: '384',
          EVM_PRIVATE_KEY: privateKey,
          EVM_PROVIDER_SEPOLIA: chain.url,
        },
      },
    });
  });
  afterAll(async () => {
    await agent?.stop();
    await server?.close();
    await chain?.close();
  });

  it('loads on @kith/core and registers its actions, providers and wallet service', async () => {
    const registered = await agent.probe<{ actions: string[]; providers: string[]; services: string[] }>('/plugin', {
      plugin: 'evm',
    });
    expect(registered).toMatchObject({
      actions: ['EVM_TRANSFER_TOKENS', 'EVM_BRIDGE_TOKENS', 'EVM_SWAP_TOKENS'],
      providers: ['EVMWalletProvider', 'TOKEN_BALANCE'],
      services: ['evmService'],
    });
    expect((await agent.probe<{ services: string[] }>('/services', {})).services).toContain('evmService');
  });

  it("the wallet provider reports the key's address and its balance on the local chain", async () => {
    const { providers } = await agent.probe<{ providers: ProviderOutcome[] }>('/providers', {
      plugin: 'evm',
      text: 'What is in your wallet?',
    });
    const wallet = providers.find((p) => p.name === 'EVMWalletProvider');
    expect(wallet).toMatchObject({ ok: true });
    // The same text as elizaOS 1.7.2 gives for this character (compat/elizaos-side-by-side).
    expect(wallet?.text).toBe(`The agent's EVM Wallet Address: ${address}\n\nBalances:\nSepolia: 1.5 ETH`);
    const balanceCalls = chain.calls.filter((c) => c.method === 'eth_getBalance');
    expect(balanceCalls.length).toBeGreaterThan(0);
    expect(String(balanceCalls[0].params[0]).toLowerCase()).toBe(address.toLowerCase());
    // TOKEN_BALANCE asks the model which token is meant; a message naming none gives no text.
    expect(providers.find((p) => p.name === 'TOKEN_BALANCE')).toMatchObject({ ok: true, text: '' });
  });

  it('EVM_TRANSFER_TOKENS signs a transfer with the key and sends it to the local chain', async () => {
    const [transfer] = await agent
      .probe<{ actions: ActionOutcome[] }>('/actions', {
        names: ['EVM_TRANSFER_TOKENS'],
        text: `Send 0.25 ETH to ${RECIPIENT} on sepolia`,
      })
      .then((r) => r.actions);
    expect(transfer).toMatchObject({ valid: true, ok: true });
    expect(transfer.callbacks[0]?.text).toMatch(
      new RegExp(`^Successfully transferred 0\\.25 tokens to ${RECIPIENT}\\nTransaction Hash: 0x[0-9a-f]{64}$`),
    );
    // Its prompt, as on elizaOS 1.7.2: {{recentMessages}} ends with the request, and
    // {{supportedChains}} comes from a key the plugin set on the state itself.
    const prompt = server.requests
      .map((r) => JSON.stringify(r.body))
      .find((b) => b.includes('requested token transfer'));
    expect(prompt).toContain(`Send 0.25 ETH to ${RECIPIENT} on sepolia`);
    expect(prompt).toContain('<fromChain>sepolia | null</fromChain>');
    expect(chain.rawTransactions).toHaveLength(1);
    const raw = chain.rawTransactions[0] as `0x${string}`;
    const sent = viem.parseTransaction(raw);
    expect(sent).toMatchObject({ chainId: SEPOLIA, value: 250_000_000_000_000_000n, type: 'eip1559' });
    expect(sent.to?.toLowerCase()).toBe(RECIPIENT.toLowerCase());
    expect(await viem.recoverTransactionAddress({ serializedTransaction: raw })).toBe(address);
  });

  it("answers a message once, with the wallet in the model's context", async () => {
    const before = server.requests.length;
    const { replies } = await agent.send('How much ETH do you hold?');
    expect(replies).toHaveLength(1);
    expect(replies[0].content.text).toBe('Reply over the openai wire.');
    const prompts = server.requests.slice(before).map((r) => JSON.stringify(r.body));
    expect(prompts.some((p) => p.includes(address) && p.includes('Sepolia: 1.5 ETH'))).toBe(true);
  });
});
