import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * A channel's log: every person's and agent's message, numbered by `seq`
 * (1, 2, ... per channel, in commit order), read in that order by the
 * unique (channel_id, seq) index.
 */
export const channelMessages = sqliteTable(
  'channel_messages',
  {
    /** The bus message id. */
    id: text('id').primaryKey(),
    channelId: text('channel_id').notNull(),
    seq: integer('seq').notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    authorKind: text('author_kind', { enum: ['person', 'agent'] }).notNull(),
    text: text('text').notNull(),
    inReplyTo: text('in_reply_to'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('channel_messages_channel_seq_unique').on(t.channelId, t.seq)],
);
