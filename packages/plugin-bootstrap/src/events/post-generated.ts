import {
  ChannelType,
  composePromptFromState,
  parseKeyValueXml,
  postCreationTemplate,
  randomUuid,
  type Content,
  type Memory,
  type PostGeneratedPayload,
} from '@kith/core';

const RECENT_POSTS = 10;

/** Model posts arrive quoted or with escaped newlines now and then. */
export function cleanPost(raw: string): string {
  return raw
    .replace(/\\n/g, '\n')
    .trim()
    .replace(/^["'“](.*)["'”]$/s, '$1')
    .trim();
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * POST_GENERATED: writes a post in the character's voice with
 * postCreationTemplate (one TEXT_LARGE call), hands it to the callback and
 * stores it as a FEED message of the agent. A post identical to one of the
 * recent ones is dropped with a warning.
 */
export async function handlePostGenerated({
  runtime,
  roomId,
  worldId,
  userId,
  callback,
  source,
}: PostGeneratedPayload): Promise<void> {
  try {
    const origin = source ?? 'unknown';
    await runtime.ensureConnection({
      entityId: runtime.agentId,
      roomId,
      worldId,
      source: origin,
      type: ChannelType.FEED,
      name: runtime.character.name,
    });
    const trigger: Memory = {
      id: randomUuid(),
      entityId: userId ?? runtime.agentId,
      agentId: runtime.agentId,
      roomId,
      ...(worldId ? { worldId } : {}),
      content: { text: '', source: origin, channelType: ChannelType.FEED },
      createdAt: Date.now(),
    };
    const [state, recent] = await Promise.all([
      runtime.composeState(trigger, ['CHARACTER'], true),
      runtime.getMemories({ tableName: 'messages', roomId, count: RECENT_POSTS * 2 }),
    ]);
    const posts = recent.filter((m) => m.entityId === runtime.agentId && m.content.text).slice(0, RECENT_POSTS);
    const recentPosts =
      posts.length > 0
        ? `# Recent posts (do not repeat them)\n${posts.map((p) => `- ${p.content.text}`).join('\n')}`
        : '';
    const prompt = composePromptFromState({
      state: {
        ...state,
        values: { ...state.values, recentPosts, providers: [state.text, recentPosts].filter(Boolean).join('\n\n') },
      },
      template: runtime.getTemplate('postCreationTemplate') ?? postCreationTemplate,
    });
    const parsed = parseKeyValueXml(
      await runtime.useModel('TEXT_LARGE', { prompt, hints: { purpose: 'post', roomId } }),
    );
    const post = cleanPost(typeof parsed?.post === 'string' ? parsed.post : '');
    if (!post) {
      runtime.logger.warn({ roomId }, 'POST_GENERATED: the model wrote no post');
      return;
    }
    if (posts.some((p) => normalise(p.content.text ?? '') === normalise(post))) {
      runtime.logger.warn({ roomId }, 'POST_GENERATED: the post repeats a recent one; dropped');
      return;
    }
    const content: Content = {
      text: post,
      thought: typeof parsed?.thought === 'string' ? parsed.thought : undefined,
      source: origin,
      channelType: ChannelType.FEED,
      actions: ['POST'],
      ...(typeof parsed?.imagePrompt === 'string' && parsed.imagePrompt.trim()
        ? { imagePrompt: parsed.imagePrompt.trim() }
        : {}),
    };
    // Deliver first: a post the platform refused must not be remembered as posted.
    if (callback) await callback(content, 'POST');
    await runtime.createMemory(
      {
        id: randomUuid(),
        entityId: runtime.agentId,
        agentId: runtime.agentId,
        roomId,
        ...(worldId ? { worldId } : {}),
        content,
        createdAt: Date.now(),
      },
      'messages',
    );
  } catch (error) {
    runtime.logger.error({ err: error, roomId }, 'Generating a post failed');
  }
}
