-- Full-text index over memory records (title, tags, body), kept in step by triggers: no rescans.
CREATE VIRTUAL TABLE `memory_fts` USING fts5(
	title, tags, body,
	content='memory_records', content_rowid='seq',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `memory_records_fts_insert` AFTER INSERT ON `memory_records` BEGIN
	INSERT INTO `memory_fts`(rowid, title, tags, body) VALUES (new.seq, new.title, new.tags, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `memory_records_fts_delete` AFTER DELETE ON `memory_records` BEGIN
	INSERT INTO `memory_fts`(`memory_fts`, rowid, title, tags, body) VALUES ('delete', old.seq, old.title, old.tags, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `memory_records_fts_update` AFTER UPDATE OF title, tags, body ON `memory_records` BEGIN
	INSERT INTO `memory_fts`(`memory_fts`, rowid, title, tags, body) VALUES ('delete', old.seq, old.title, old.tags, old.body);
	INSERT INTO `memory_fts`(rowid, title, tags, body) VALUES (new.seq, new.title, new.tags, new.body);
END;
