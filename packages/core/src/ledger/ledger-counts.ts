import type { DeliveryResult } from './bus-message';

/** How a message taken by the ledger ended, as metrics group it (a bounded set). */
export type LedgerEnding = 'answered' | 'ignored' | 'failed' | 'duplicate';

/**
 * Running totals of one agent's ledger since the process started: messages
 * accepted (durable, their sender told so), and how each ended. Read by the
 * server's metrics at scrape time; a few integer additions per message.
 */
export class LedgerCounts {
  accepted = 0;
  readonly ended: Record<LedgerEnding, number> = { answered: 0, ignored: 0, failed: 0, duplicate: 0 };

  end(result: DeliveryResult): void {
    this.ended[endingOf(result)] += 1;
  }
}

function endingOf(result: DeliveryResult): LedgerEnding {
  if (result.duplicate || result.mode === 'duplicate') return 'duplicate';
  if (result.mode === 'error') return 'failed';
  if (result.mode === 'simple' || result.mode === 'actions') return 'answered';
  // ignored, discarded (superseded by a newer message) and skipped: no reply was sent.
  return 'ignored';
}
