-- Full-text index over memory text for hybrid (vector + BM25) search.
-- Contentless: the text already lives in memories.content; rowid = memories.seq.
-- Triggers keep it in sync with every write, including deletes by other code.
CREATE VIRTUAL TABLE `memories_fts` USING fts5(`text`, content='', contentless_delete=1, tokenize='porter unicode61');
--> statement-breakpoint
CREATE TRIGGER `memories_fts_insert` AFTER INSERT ON `memories`
WHEN json_extract(new.`content`, '$.text') IS NOT NULL
BEGIN
  INSERT INTO `memories_fts`(rowid, `text`) VALUES (new.`seq`, json_extract(new.`content`, '$.text'));
END;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_delete` AFTER DELETE ON `memories`
BEGIN
  DELETE FROM `memories_fts` WHERE rowid = old.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_update` AFTER UPDATE OF `content` ON `memories`
BEGIN
  DELETE FROM `memories_fts` WHERE rowid = old.`seq`;
  INSERT INTO `memories_fts`(rowid, `text`) SELECT new.`seq`, json_extract(new.`content`, '$.text')
    WHERE json_extract(new.`content`, '$.text') IS NOT NULL;
END;
