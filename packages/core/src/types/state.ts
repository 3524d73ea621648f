/** What providers put together for one turn. */
export interface State {
  /** Template variables (agentName, recentMessages, ...). */
  values: Record<string, unknown>;
  /** Raw provider data (`data.providers[NAME]`) and action results. */
  data: {
    providers?: Record<string, ProviderDataRecord>;
    actionResults?: unknown[];
    [key: string]: unknown;
  };
  /** Every provider's text joined, in position order. */
  text: string;
  [key: string]: unknown;
}

export type ProviderValue = unknown;
export type ProviderDataRecord = Record<string, unknown>;

export interface ProviderResult {
  text?: string;
  values?: Record<string, ProviderValue>;
  data?: ProviderDataRecord;
}
