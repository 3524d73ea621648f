import { ADA, BOB, createHarness } from '../testing/bootstrap-harness';

describe('UPDATE_ENTITY', () => {
  it('stores details as a component of the sender and merges later updates', async () => {
    const { runtime, run, message, worldId } = await createHarness();
    await run(message('my telegram is @ada_l'), ['UPDATE_ENTITY'], '', {
      UPDATE_ENTITY: { source: 'Telegram', data: { username: 'ada_l' } },
    });
    await run(message('and my id there is 42'), ['UPDATE_ENTITY'], '', {
      UPDATE_ENTITY: { source: 'telegram', data: { userId: 42 } },
    });
    const component = await runtime.getComponent(ADA, 'telegram', worldId, ADA);
    expect(component?.data).toEqual({ username: 'ada_l', userId: 42 });
    expect(await runtime.getComponents(ADA)).toHaveLength(1);
  });

  it('updates another person named in the parameters and records who said so', async () => {
    const { runtime, run, message, worldId, replies } = await createHarness();
    const [result] = await run(message("Bob's email is bob@example.com"), ['UPDATE_ENTITY'], '', {
      UPDATE_ENTITY: { entity: '@bob', source: 'contact', data: { email: 'bob@example.com' } },
    });
    expect(result.success).toBe(true);
    const component = await runtime.getComponent(BOB, 'contact', worldId);
    expect(component).toMatchObject({ sourceEntityId: ADA, data: { email: 'bob@example.com' } });
    expect(replies.map((r) => r.text)).toEqual(['I saved the contact details for Bob.']);
  });

  it('fails without touching anything when the person is unknown', async () => {
    const { runtime, run, message, replies } = await createHarness();
    const [result] = await run(message('Zed likes tea'), ['UPDATE_ENTITY'], '', {
      UPDATE_ENTITY: { entity: 'Zed', source: 'likes', data: { drink: 'tea' } },
    });
    expect(result.success).toBe(false);
    expect(replies[0].text).toBe('I could not find "Zed".');
    expect(await runtime.getComponents(ADA)).toEqual([]);
  });
});
