import { startKith, type KithAgent } from './kith-agent';
import { startProviderServer, type ProviderServer } from './testing/provider-server';
import { startTelegramBotApi, type BotApiCall, type TelegramBotApi } from './testing/telegram-bot-api';

const sentTo = (calls: BotApiCall[], chatId: number) =>
  calls.filter((c) => c.method === 'sendMessage' && Number(c.body.chat_id) === chatId);

describe('@elizaos/plugin-telegram through kith start, against a local Bot API server', () => {
  let models: ProviderServer;
  let telegram: TelegramBotApi;
  let agent: KithAgent;
  const ann = { id: 555, is_bot: false, first_name: 'Ann', username: 'ann' };
  const bob = { id: 556, is_bot: false, first_name: 'Bob', username: 'bob' };
  const dm = { id: 555, type: 'private', first_name: 'Ann', username: 'ann' };
  const group = { id: -100123, type: 'group', title: 'Kith fans' };
  const message = (messageId: number, chat: object, from: object, text: string, entities?: object[]) => ({
    message: {
      message_id: messageId,
      date: Math.floor(Date.now() / 1000),
      chat,
      from,
      text,
      ...(entities ? { entities } : {}),
    },
  });

  beforeAll(async () => {
    models = await startProviderServer();
    telegram = await startTelegramBotApi();
    agent = await startKith(
      {
        name: 'Compat Bot',
        bio: ['A Telegram bot on Kith.'],
        plugins: [
          '@elizaos/plugin-sql',
          '@elizaos/plugin-openai',
          '@elizaos/plugin-telegram',
          '@elizaos/plugin-bootstrap',
        ],
        settings: {
          secrets: {
            OPENAI_API_KEY: 'sk-compat',
            OPENAI_BASE_URL: `${models.url}/openai/v1`,
            OPENAI_EMBEDDING_DIMENSIONS: '384',
            TELEGRAM_BOT_TOKEN: telegram.token,
          },
        },
      },
      { TELEGRAM_API_ROOT: telegram.apiRoot },
    );
    await telegram.waitFor('long polling', (calls) => calls.some((c) => c.method === 'getUpdates'));
  });
  afterAll(async () => {
    await agent?.stop();
    await telegram?.close();
    await models?.close();
  });

  it("answers a private message with exactly one sendMessage written by the agent's model", async () => {
    telegram.deliver(message(10, dm, ann, 'Hello bot, how are you?'));
    await telegram.waitFor('a reply to Ann', (calls) => sentTo(calls, dm.id).length >= 1);
    const [reply] = sentTo(telegram.calls, dm.id);
    // The plugin escapes replies for Telegram's MarkdownV2.
    expect(reply.body.text).toBe('Reply over the openai wire\\.');
    expect(telegram.calls.some((c) => c.method === 'getMe')).toBe(true);
  });

  it('answers a group message that names the bot, once', async () => {
    telegram.deliver(
      message(20, group, bob, '@kith_compat_bot what is new today?', [{ type: 'mention', offset: 0, length: 16 }]),
    );
    await telegram.waitFor('a reply in the group', (calls) => sentTo(calls, group.id).length >= 1);
    expect(sentTo(telegram.calls, group.id).map((c) => c.body.text)).toEqual(['Reply over the openai wire\\.']);
  });

  it('answers an update delivered twice once', async () => {
    const before = sentTo(telegram.calls, dm.id).length;
    // The private message of the first test got exactly one reply (a second one would be here by now, the group answered since).
    expect(before).toBe(1);
    const first = telegram.deliver(message(30, dm, ann, 'Please answer this only once.'));
    await telegram.waitFor('the reply to message 30', (calls) => sentTo(calls, dm.id).length >= before + 1);
    telegram.redeliver(first);
    // Same room, in order: once the next message is answered, the redelivery has been decided.
    telegram.deliver(message(31, dm, ann, 'And this one is new.'));
    await telegram.waitFor('the reply to message 31', (calls) => sentTo(calls, dm.id).length >= before + 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sentTo(telegram.calls, dm.id)).toHaveLength(before + 2);
    expect(agent.stderr()).not.toMatch(/hasElizaOS is not a function|Error handling Telegram message/);
  });
});
