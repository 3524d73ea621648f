import { ChannelType, Role, type Task } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { ADA, BOB, createHarness, setWorldMetadata } from '../testing/bootstrap-harness';
import { choiceProvider } from '../providers/choice';
import { choiceAction } from './choice';

async function withPendingChoice(entityId = ADA) {
  const harness = await createHarness();
  const executed: { option: unknown; task: Task }[] = [];
  harness.runtime.registerTaskWorker({
    name: 'PUBLISH_POST',
    execute: async (_runtime, options, task) => {
      executed.push({ option: options.option, task });
    },
  });
  const taskId = await harness.runtime.createTask({
    name: 'PUBLISH_POST',
    description: 'Publish the drafted post?',
    roomId: harness.roomId,
    entityId,
    tags: ['AWAITING_CHOICE'],
    metadata: {
      options: [
        { name: 'post', description: 'Publish it now' },
        { name: 'cancel', description: 'Drop the draft' },
      ],
    },
  });
  return { ...harness, executed, taskId };
}

describe('CHOICE', () => {
  it('runs the task worker with the chosen option and removes the task', async () => {
    const { runtime, run, message, executed, taskId } = await withPendingChoice();
    const [result] = await run(message('post it'), ['CHOICE'], '', { CHOICE: { option: 'Post' } });
    expect(result).toMatchObject({ success: true, values: { selectedOption: 'post' } });
    expect(executed.map((e) => e.option)).toEqual(['post']);
    expect(await runtime.getTask(taskId)).toBeNull();
  });

  it('cancels on ABORT without running the worker', async () => {
    const { runtime, run, message, executed, taskId } = await withPendingChoice();
    await run(message('never mind'), ['CHOICE'], '', { CHOICE: { option: 'ABORT' } });
    expect(executed).toEqual([]);
    expect(await runtime.getTask(taskId)).toBeNull();
  });

  it('keeps the task and lists the options when the answer is not one of them', async () => {
    const { runtime, run, message, replies, taskId } = await withPendingChoice();
    const [result] = await run(message('maybe'), ['CHOICE'], '', { CHOICE: { option: 'maybe' } });
    expect(result.success).toBe(false);
    expect(replies[0].text).toBe('"maybe" is not an option for PUBLISH_POST. Options: post, cancel.');
    expect(await runtime.getTask(taskId)).not.toBeNull();
  });

  it('is offered to the person asked and to admins, not to others', async () => {
    const { runtime, message, worldId } = await withPendingChoice(ADA);
    expect(await choiceAction.validate(runtime, message('post'))).toBe(true);
    expect(await choiceAction.validate(runtime, message('post', { entityId: BOB }))).toBe(false);
    await setWorldMetadata(runtime, worldId, { roles: { [BOB]: Role.ADMIN } });
    expect(await choiceAction.validate(runtime, message('post', { entityId: BOB }))).toBe(true);
  });

  it('is not offered when nothing is pending, and sees tasks created and deleted later', async () => {
    const { runtime, message, roomId } = await createHarness();
    expect(await choiceAction.validate(runtime, message('post'))).toBe(false);
    const id = await runtime.createTask({
      name: 'X',
      description: 'x?',
      roomId,
      entityId: ADA,
      tags: ['AWAITING_CHOICE'],
      metadata: { options: [{ name: 'yes', description: 'y' }] },
    });
    expect(await choiceAction.validate(runtime, message('post'))).toBe(true);
    await runtime.deleteTask(id);
    expect(await choiceAction.validate(runtime, message('post'))).toBe(false);
  });

  it('shows the pending choice and its options to the model through the CHOICE provider', async () => {
    const { runtime, message, taskId } = await withPendingChoice();
    const result = await choiceProvider.get(runtime, message('hm'), { values: {}, data: {}, text: '' });
    expect(result.text).toContain(`- PUBLISH_POST [${taskId.slice(0, 8)}]: Publish the drafted post?`);
    expect(result.text).toContain('  - post: Publish it now');
    const empty = await createHarness();
    const none = await choiceProvider.get(empty.runtime, empty.message('hm'), { values: {}, data: {}, text: '' });
    expect(none.text).toBeUndefined();
  });

  it('is resolved by the user’s reply in a real DM turn, with one model call', async () => {
    const harness = await createHarness({
      type: ChannelType.DM,
      script: [
        scriptedReply('Publishing it.', ['REPLY', 'CHOICE'], 'Ada chose post', {
          params: { CHOICE: { option: 'post' } },
        }),
      ],
    });
    const executed: unknown[] = [];
    harness.runtime.registerTaskWorker({
      name: 'PUBLISH_POST',
      execute: async (_r, options) => void executed.push(options.option),
    });
    await harness.runtime.createTask({
      name: 'PUBLISH_POST',
      description: 'Publish the drafted post?',
      roomId: harness.roomId,
      entityId: ADA,
      tags: ['AWAITING_CHOICE'],
      metadata: {
        options: [
          { name: 'post', description: 'Publish' },
          { name: 'cancel', description: 'Drop' },
        ],
      },
    });
    await harness.runtime.messageService!.handleMessage(
      harness.runtime,
      harness.message('yes, post it'),
      harness.callback,
    );
    expect(harness.model.calls).toHaveLength(1);
    expect(harness.model.calls[0].prompt).toContain('# Pending Choices');
    expect(executed).toEqual(['post']);
    expect(harness.replies.map((r) => r.text)).toEqual(['Publishing it.']);
    expect(await harness.runtime.getTasks({ roomId: harness.roomId, tags: ['AWAITING_CHOICE'] })).toEqual([]);
  });
});
