import { bigint, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A channel's log: every person's and agent's message, numbered by `seq`
 * (1, 2, ... per channel, in commit order), read in that order by the
 * unique (channel_id, seq) index.
 */
export const channelMessages = pgTable(
  'channel_messages',
  {
    /** The bus message id. */
    id: text('id').primaryKey(),
    channelId: text('channel_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    authorKind: text('author_kind', { enum: ['person', 'agent'] }).notNull(),
    text: text('text').notNull(),
    inReplyTo: text('in_reply_to'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('channel_messages_channel_seq_unique').on(t.channelId, t.seq)],
);
