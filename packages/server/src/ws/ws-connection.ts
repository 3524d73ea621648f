import { randomUUID } from 'node:crypto';
import { AgentNotRunningError, KithError, type Logger, type UUID } from '@kith/core';
import type { WebSocket } from 'ws';
import type { AgentRegistry } from '../agents/agent-registry';
import type { ChannelService } from '../channels/channel-service';
import { defaultEntityId, type MessageBus, toBusMessage } from '@kith/core';
import { parseInput } from '../http/parse-input';
import type { RateLimitSettings } from '../server-options';
import type { WsHub } from './ws-hub';
import type { WsGate } from '../auth/ws-gate';
import { clientFrameSchema, type ClientFrame, type ServerFrame } from './ws-protocol';
import { WindowCounter } from './window-counter';
import { RateLimitedError, RequestValidationError, ServerErrorCode } from '../errors';

export interface WsConnectionContext {
  hub: WsHub;
  bus: MessageBus;
  agents: AgentRegistry;
  channels: ChannelService;
  rateLimit: RateLimitSettings | false;
  logger: Logger;
  /** What a session's connection may join and send (none for the admin key). */
  gate?: WsGate;
}

function requestIdOf(raw: unknown): string | undefined {
  const id = (raw as { requestId?: unknown } | null)?.requestId;
  return typeof id === 'string' ? id.slice(0, 100) : undefined;
}

/**
 * One WebSocket client: parses and validates its frames, joins channels,
 * publishes its messages on the bus; the hub sends it what agents answer.
 * A bad frame gets an `error` frame and the connection stays open.
 */
export class WsConnection {
  readonly id = randomUUID();
  private readonly limiter: WindowCounter | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly context: WsConnectionContext,
  ) {
    this.limiter = context.rateLimit
      ? new WindowCounter(context.rateLimit.max, context.rateLimit.timeWindowMs)
      : undefined;
    context.hub.add({ id: this.id, send: (frame) => this.send(frame) });
    socket.on('message', (data, isBinary) => void this.receive(isBinary ? null : data.toString()));
    socket.on('close', () => context.hub.remove(this.id));
    socket.on('error', (error) => context.logger.debug({ err: error, connectionId: this.id }, 'WebSocket error'));
    this.send({ type: 'ready', connectionId: this.id });
  }

  send(frame: ServerFrame): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private sendError(error: unknown, requestId?: string): void {
    const known = KithError.isInstance(error) ? error : null;
    if (!known) this.context.logger.error({ err: error, connectionId: this.id }, 'A WebSocket frame failed');
    const path = (known as { path?: unknown } | null)?.path;
    this.send({
      type: 'error',
      error: {
        code: known?.code ?? ServerErrorCode.INTERNAL,
        message: known?.message ?? 'The server failed while handling this frame; its log has the details.',
        ...(typeof path === 'string' && path ? { path } : {}),
      },
      ...(requestId ? { requestId } : {}),
    });
  }

  private async receive(text: string | null): Promise<void> {
    let raw: unknown;
    try {
      // Every frame counts against the limit, bad ones too; parsing first lets the error echo its requestId.
      const allowed = !this.limiter || this.limiter.take();
      if (text === null) throw new RequestValidationError('frame', 'must be a JSON text frame, not binary');
      try {
        raw = JSON.parse(text);
      } catch {
        throw new RequestValidationError('frame', 'is not valid JSON');
      }
      if (!allowed && this.limiter)
        throw new RateLimitedError(this.limiter.max, this.limiter.windowMs, this.limiter.retryAfterMs());
      await this.handle(parseInput(clientFrameSchema, raw, 'frame'));
    } catch (error) {
      this.sendError(error, requestIdOf(raw));
    }
  }

  private async handle(frame: ClientFrame): Promise<void> {
    const { hub, bus, agents } = this.context;
    const requestId = frame.requestId ? { requestId: frame.requestId } : {};
    switch (frame.type) {
      case 'ping':
        this.send({ type: 'pong', ...requestId });
        return;
      case 'join': {
        await this.context.gate?.join(frame);
        if (!frame.agentId) {
          // A channel of several agents: every message of it, a person's or an agent's.
          hub.subscribe(this.id, frame.channelId);
          const channel = await this.context.channels.follow(frame.channelId).catch((error: unknown) => {
            hub.unsubscribe(this.id, frame.channelId);
            throw error;
          });
          this.send({ type: 'joined', channelId: frame.channelId, agentIds: channel.agentIds, ...requestId });
          return;
        }
        agents.require(frame.agentId);
        bus.join(frame.channelId, frame.agentId);
        hub.subscribe(this.id, frame.channelId);
        this.send({ type: 'joined', channelId: frame.channelId, agentId: frame.agentId, ...requestId });
        return;
      }
      case 'leave':
        hub.unsubscribe(this.id, frame.channelId);
        this.send({ type: 'left', channelId: frame.channelId, ...requestId });
        return;
      case 'send':
        await this.context.gate?.send(frame);
        if (!frame.agentId && (await this.context.channels.channelOf(frame.channelId))) {
          await this.postToChannel(frame);
          return;
        }
        this.publish(frame);
        return;
    }
  }

  /** A person's message to a channel of several agents: into its log, then to its agents. */
  private async postToChannel(frame: Extract<ClientFrame, { type: 'send' }>): Promise<void> {
    this.context.hub.subscribe(this.id, frame.channelId);
    const posted = await this.context.channels.post(frame.channelId, {
      text: frame.text,
      userName: frame.userName ?? 'user',
      ...(frame.id ? { id: frame.id } : {}),
      ...(frame.entityId ? { entityId: frame.entityId } : {}),
      clientId: this.id,
    });
    this.send({
      type: 'accepted',
      id: posted.messageId,
      channelId: frame.channelId,
      agentIds: posted.agentIds,
      ...(frame.requestId ? { requestId: frame.requestId } : {}),
    });
  }

  private publish(frame: Extract<ClientFrame, { type: 'send' }>): void {
    const { hub, bus, agents, logger } = this.context;
    if (frame.agentId) {
      const agent = agents.require(frame.agentId);
      if (agent.status !== 'running') throw new AgentNotRunningError(agent.id, agent.name);
      bus.join(frame.channelId, agent.id);
    }
    const agentIds: UUID[] = frame.agentId ? [frame.agentId] : bus.participants(frame.channelId);
    if (agentIds.length === 0)
      throw new RequestValidationError(
        'frame.agentId',
        'no agent takes part in this channel: join it with an agentId first, or name one here',
      );
    hub.subscribe(this.id, frame.channelId);
    const entityId = frame.entityId ?? defaultEntityId(frame.userName);
    const message = toBusMessage(frame, {
      channelId: frame.channelId,
      authorId: entityId,
      defaultSource: 'client_chat',
      targetAgentId: frame.agentId,
      clientId: this.id,
    });
    // `accepted` only once the message is durable: a client may forget a message it was told was accepted.
    const accepted = () =>
      this.send({
        type: 'accepted',
        id: message.id,
        channelId: message.channelId,
        agentIds,
        ...(frame.requestId ? { requestId: frame.requestId } : {}),
      });
    bus.publish(message, accepted).catch((error: unknown) => {
      logger.debug({ err: error, messageId: message.id }, 'A WebSocket message was not taken');
      this.sendError(error, frame.requestId);
    });
  }
}
