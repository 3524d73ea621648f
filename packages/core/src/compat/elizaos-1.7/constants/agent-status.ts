/** An agent's stored status in elizaOS's agent table (values as in elizaOS 1.7). */
export enum AgentStatus {
  ACTIVE = 'active',
  INACTIVE = 'inactive',
}
