import { ChannelType, parseKeyValueXml, randomUuid, type WorldSettings } from '@kith/core';
import { ADA, BOB, createHarness, setWorldMetadata } from '../testing/bootstrap-harness';
import { settingsProvider } from '../providers/settings';
import { updateSettingsAction } from './update-settings';

const SETTINGS: WorldSettings = {
  SERVER_NAME: {
    name: 'Server name',
    description: 'What the community is called',
    usageDescription: 'What should I call this server?',
    value: null,
    required: true,
  },
  API_TOKEN: { name: 'API token', description: 'Token for the news feed', value: null, required: true, secret: true },
  WELCOME: { name: 'Welcome message', description: 'Greeting for newcomers', value: null, required: false },
};

/** Ada owns world "srv" and talks to the agent in a DM. */
async function onboarding() {
  const harness = await createHarness();
  await setWorldMetadata(harness.runtime, harness.worldId, { ownership: { ownerId: ADA }, settings: SETTINGS });
  const dm = randomUuid();
  await harness.connect(ADA, 'Ada', dm, ChannelType.DM);
  const say = (text: string) => harness.message(text, { roomId: dm });
  const stored = async () => (await harness.runtime.getWorld(harness.worldId))?.metadata?.settings as WorldSettings;
  return { ...harness, dm, say, stored };
}

describe('UPDATE_SETTINGS and the SETTINGS provider', () => {
  it('saves a setting, encrypts secret ones and asks for the next required one', async () => {
    const { run, say, stored, replies } = await onboarding();
    // What the XML parser makes of <params><UPDATE_SETTINGS><updates><update>…</update></updates>…
    const { updates } = parseKeyValueXml(
      '<UPDATE_SETTINGS><updates><update><key>server name</key><value>Kith Club</value></update></updates></UPDATE_SETTINGS>',
    ) as Record<string, unknown>;
    const [first] = await run(say('Call it Kith Club'), ['UPDATE_SETTINGS'], '', { UPDATE_SETTINGS: { updates } });
    expect(first.success).toBe(true);
    expect((await stored()).SERVER_NAME.value).toBe('Kith Club');
    expect(replies[0].text).toBe('Saved Server name. Next, API token: Token for the news feed');

    await run(say('the token is abc123'), ['UPDATE_SETTINGS'], '', {
      UPDATE_SETTINGS: { updates: [{ key: 'API_TOKEN', value: 'abc123' }] },
    });
    const token = (await stored()).API_TOKEN.value;
    expect(token).not.toBe('abc123');
    expect(typeof token).toBe('string');
    expect(replies[1].text).toBe('Saved API token. All required settings are configured.');
  });

  it('refuses keys that do not exist without saving anything', async () => {
    const { run, say, stored, replies } = await onboarding();
    const [result] = await run(say('set colour to blue'), ['UPDATE_SETTINGS'], '', {
      UPDATE_SETTINGS: { updates: [{ key: 'COLOUR', value: 'blue' }] },
    });
    expect(result.success).toBe(false);
    expect(replies[0].text).toContain('"COLOUR" is not a setting here');
    expect((await stored()).SERVER_NAME.value).toBeNull();
  });

  it('is offered only in a DM with the owner of a world that has settings', async () => {
    const { runtime, say, message } = await onboarding();
    expect(await updateSettingsAction.validate(runtime, say('hi'))).toBe(true);
    expect(await updateSettingsAction.validate(runtime, message('hi'))).toBe(false); // the group room
    expect(
      await updateSettingsAction.validate(runtime, message('hi', { entityId: BOB, roomId: say('hi').roomId })),
    ).toBe(false);
  });

  it('briefs the model for onboarding in the DM and masks secrets in the group', async () => {
    const { runtime, run, say, message } = await onboarding();
    await run(say('token abc123'), ['UPDATE_SETTINGS'], '', {
      UPDATE_SETTINGS: { updates: [{ key: 'API_TOKEN', value: 'abc123' }] },
    });
    const empty = { values: {}, data: {}, text: '' };
    const dm = await settingsProvider.get(runtime, say('hello'), empty);
    expect(dm.text).toContain('# Onboarding: 1 required setting(s) still needed');
    expect(dm.text).toContain('- SERVER_NAME (required): not set. What should I call this server?');
    expect(dm.text).toContain('- API_TOKEN (required): abc123.');
    const group = await settingsProvider.get(runtime, message('hello'), empty);
    expect(group.text).toContain('- API token: ****');
    expect(group.text).not.toContain('abc123');
  });

  it('adds nothing to the prompt when the world has no settings', async () => {
    const { runtime, message } = await createHarness();
    const result = await settingsProvider.get(runtime, message('hello'), { values: {}, data: {}, text: '' });
    expect(result.text).toBeUndefined();
  });
});
