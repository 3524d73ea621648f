import type { Metadata } from '../../../types/primitives';

// elizaOS 1.x's Trusted Execution Environment records. Kith runs no TEE; the
// types exist so TEE plugins (plugin-tee, plugin-evm) compile.

/** One registration of an agent inside a TEE (a new key pair and attestation at each start). */
export interface TeeAgent {
  id: string;
  agentId: string;
  agentName: string;
  createdAt: number;
  publicKey: string;
  attestation: string;
}

/** A signed quote from a TEE, for a relying party to verify. */
export interface RemoteAttestationQuote {
  quote: string;
  timestamp: number;
}

/** What is attested when a key is derived inside a TEE. */
export interface DeriveKeyAttestationData {
  agentId: string;
  publicKey: string;
  subject?: string;
}

/** A message bound to the agent and a time by a TEE attestation. */
export interface RemoteAttestationMessage {
  agentId: string;
  timestamp: number;
  message: { entityId: string; roomId: string; content: string };
}

/** A TEE plugin's configuration: the vendor (a TeeType value) and its own settings. */
export interface TeePluginConfig {
  vendor?: string;
  vendorConfig?: Metadata;
}

/** A TEE vendor's own settings: elizaOS 1.0's name, gone from 1.7 but still imported by plugin-tee 1.0. */
export interface TeeVendorConfig {
  [key: string]: unknown;
}
