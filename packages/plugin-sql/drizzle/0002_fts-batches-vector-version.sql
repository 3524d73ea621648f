-- 1. The full-text index is filled in batches (FtsIndexer) instead of one FTS5 segment per insert.
--    kith_meta.fts_indexed_seq: every memory up to this seq is indexed; later ones wait for a catch-up.
--    Updates and deletes of indexed memories still reach the index at once through triggers.
DROP TRIGGER `memories_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `memories_fts_update`;
--> statement-breakpoint
DROP TRIGGER `memories_fts_delete`;
--> statement-breakpoint
INSERT INTO `kith_meta` (`key`, `value`) SELECT 'fts_indexed_seq', CAST(coalesce(max(`seq`), 0) AS TEXT) FROM `memories` WHERE true
ON CONFLICT(`key`) DO UPDATE SET `value` = excluded.`value`;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_update` AFTER UPDATE OF `content` ON `memories`
WHEN old.`seq` <= (SELECT CAST(`value` AS INTEGER) FROM `kith_meta` WHERE `key` = 'fts_indexed_seq')
BEGIN
  DELETE FROM `memories_fts` WHERE rowid = old.`seq`;
  INSERT INTO `memories_fts`(rowid, `text`) SELECT new.`seq`, json_extract(new.`content`, '$.text')
    WHERE json_extract(new.`content`, '$.text') IS NOT NULL;
END;
--> statement-breakpoint
-- SQLite reuses the largest seq once its row is gone: keeping the watermark at or below the
-- largest remaining seq makes sure a reused seq is indexed by the next catch-up.
CREATE TRIGGER `memories_fts_delete` AFTER DELETE ON `memories`
BEGIN
  DELETE FROM `memories_fts` WHERE rowid = old.`seq`;
  UPDATE `kith_meta` SET `value` = CAST((SELECT coalesce(max(`seq`), 0) FROM `memories`) AS TEXT)
    WHERE `key` = 'fts_indexed_seq' AND CAST(`value` AS INTEGER) > (SELECT coalesce(max(`seq`), 0) FROM `memories`);
END;
--> statement-breakpoint
-- 2. Vectors are searched through an in-memory index (VectorIndex) that must notice changes made
--    by anyone else. A vector added with the largest memory_seq so far is found by its seq (the
--    index reads those past the largest it knows); every other change to `embeddings` bumps
--    kith_meta.vector_version, and the index reloads. So the common write touches no extra page.
INSERT INTO `kith_meta` (`key`, `value`) VALUES ('vector_version', '0') ON CONFLICT(`key`) DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER `embeddings_version_insert` AFTER INSERT ON `embeddings`
WHEN new.`memory_seq` < (SELECT max(`memory_seq`) FROM `embeddings`)
BEGIN
  UPDATE `kith_meta` SET `value` = CAST(CAST(`value` AS INTEGER) + 1 AS TEXT) WHERE `key` = 'vector_version';
END;
--> statement-breakpoint
CREATE TRIGGER `embeddings_version_update` AFTER UPDATE ON `embeddings`
BEGIN
  UPDATE `kith_meta` SET `value` = CAST(CAST(`value` AS INTEGER) + 1 AS TEXT) WHERE `key` = 'vector_version';
END;
--> statement-breakpoint
CREATE TRIGGER `embeddings_version_delete` AFTER DELETE ON `embeddings`
BEGIN
  UPDATE `kith_meta` SET `value` = CAST(CAST(`value` AS INTEGER) + 1 AS TEXT) WHERE `key` = 'vector_version';
END;
--> statement-breakpoint
-- 3. The sqlite-vec index this replaces kept a rebuild flag here.
DELETE FROM `kith_meta` WHERE `key` = 'vector_index_stale';
