import { PluginInitError } from '../errors/plugin-init-error';
import { Service, ServiceType } from '../services/service';
import type { ControlMessagePayload } from '../types/events';
import type { UUID } from '../types/primitives';
import type { RoomCoordinator } from '../types/room-coordinator';
import type { IAgentRuntime } from '../types/runtime';
import type { ServiceClass } from '../types/service';
import type { BusMessage, DeliveryResult } from './bus-message';
import { busIntake, busTeller } from './ledger-intake';
import type { MessageBus } from './message-bus';
import { MessageLedger } from './message-ledger';

export interface MessageBusServiceOptions {
  /**
   * Replay, when the service starts, the inbox entries an earlier process
   * accepted and never answered (default true). A client sharing the
   * database with a running server (an in-process `kith chat`) passes false:
   * the server's entries in flight are not its to answer.
   */
  recover?: boolean;
}

/**
 * An agent's connection to a message bus (seed 000): it takes the messages
 * of the channels the agent takes part in and hands them to the agent's
 * MessageLedger, whose replies, chunks and outcomes go back over the bus to
 * the client the message came from and the channel's subscribers.
 */
export class MessageBusService extends Service {
  static override serviceType: string = ServiceType.MESSAGE_BUS;
  capabilityDescription =
    'Connects the agent to a message bus: takes channel messages into its message ledger and routes replies back to their client.';

  private readonly ledger: MessageLedger;
  private detach: (() => void) | undefined;

  constructor(
    runtime: IAgentRuntime,
    readonly bus: MessageBus,
  ) {
    super(runtime);
    this.ledger = MessageLedger.of(runtime);
  }

  /** A Service class bound to `bus`, for `runtime.registerService`. */
  static bindTo(bus: MessageBus, options: MessageBusServiceOptions = {}): ServiceClass {
    return class BoundMessageBusService extends MessageBusService {
      constructor(runtime?: IAgentRuntime) {
        super(runtime as IAgentRuntime, bus);
      }

      static override async start(runtime: IAgentRuntime): Promise<Service> {
        const service = new BoundMessageBusService(runtime);
        service.connect();
        if (options.recover !== false) await service.recover();
        return service;
      }
    };
  }

  /** Registers a service bound to `bus` on the runtime (by default it replays the inbox as it starts) and returns it. */
  static async attach(
    runtime: IAgentRuntime,
    bus: MessageBus,
    options: MessageBusServiceOptions = {},
  ): Promise<MessageBusService> {
    await runtime.registerService(MessageBusService.bindTo(bus, options));
    const service = runtime
      .getServicesByType(ServiceType.MESSAGE_BUS)
      .find(
        (candidate): candidate is MessageBusService => candidate instanceof MessageBusService && candidate.bus === bus,
      );
    if (!service)
      throw new PluginInitError(
        'MessageBusService',
        `the message bus service of agent "${runtime.character.name}" did not start (the log says why)`,
      );
    return service;
  }

  get agentId(): UUID {
    return this.runtime.agentId;
  }

  /** False after pause() (POST /stop) or stop(). */
  get running(): boolean {
    return this.ledger.running && this.detach !== undefined;
  }

  /** Takes no new messages, from any way in (they are refused with AgentNotRunningError); turns in flight finish. */
  pause(): void {
    this.ledger.pause();
  }

  resume(): void {
    this.ledger.resume();
  }

  /** This server's side of a fleet, when the database adapter coordinates rooms across servers. */
  get coordinator(): RoomCoordinator | undefined {
    return this.ledger.coordinator;
  }

  connect(): void {
    if (this.detach) return;
    this.ledger.open(this.bus);
    this.detach = this.bus.attach(this.runtime.agentId, (message, accepted) => this.receive(message, accepted));
    this.runtime.registerEvent('CONTROL_MESSAGE', (payload) => this.relayControl(payload));
  }

  /** elizaOS's `sendControlMessage` reaches the channel's clients (a `control` frame on the WebSocket). */
  private relayControl({ message }: ControlMessagePayload): void {
    const { action, target } = message.payload as { action?: unknown; target?: unknown };
    if (!this.detach || typeof action !== 'string') return;
    this.bus.emit({
      type: 'control',
      agentId: this.runtime.agentId,
      channelId: message.roomId,
      action,
      ...(typeof target === 'string' ? { target } : {}),
    });
  }

  async stop(): Promise<void> {
    this.detach?.();
    this.detach = undefined;
    await this.ledger.stop();
  }

  /** Replays the messages an earlier process accepted but never answered (see MessageLedger.recover). */
  recover(): Promise<void> {
    return this.ledger.recover();
  }

  /**
   * The bus's entry point: null when the agent does not take part in the
   * message's channel. `accepted` runs once the message is durable, before
   * the pipeline works on it.
   */
  async receive(message: BusMessage, accepted: () => void = () => undefined): Promise<DeliveryResult | null> {
    if (!this.bus.isParticipant(message.channelId, this.agentId)) return null;
    const teller = busTeller(this.bus, {
      agentId: this.agentId,
      channelId: message.channelId,
      messageId: message.id,
      clientId: message.clientId,
    });
    return this.ledger.receive(busIntake(this.runtime, message, teller), accepted);
  }
}
