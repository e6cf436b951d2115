-- Keeps memory_usage in step with memory_records, so a quota check reads one row instead of summing them all.
-- Existing records are counted once here; from then on every insert, delete and change of size or origin
-- adjusts the totals in the same transaction as the write.
INSERT INTO `memory_usage` (`project_id`, `records`, `bytes`, `derived`)
SELECT `project_id`,
	sum(`origin` <> 'derived'),
	coalesce(sum(CASE WHEN `origin` <> 'derived' THEN `bytes` ELSE 0 END), 0),
	sum(`origin` = 'derived')
FROM `memory_records` GROUP BY `project_id`;
--> statement-breakpoint
CREATE TRIGGER `memory_records_usage_insert` AFTER INSERT ON `memory_records` BEGIN
	INSERT INTO `memory_usage` (`project_id`, `records`, `bytes`, `derived`)
	VALUES (new.project_id, new.origin <> 'derived', CASE WHEN new.origin <> 'derived' THEN new.bytes ELSE 0 END, new.origin = 'derived')
	ON CONFLICT (`project_id`) DO UPDATE SET
		`records` = `records` + excluded.`records`,
		`bytes` = `bytes` + excluded.`bytes`,
		`derived` = `derived` + excluded.`derived`;
END;
--> statement-breakpoint
CREATE TRIGGER `memory_records_usage_delete` AFTER DELETE ON `memory_records` BEGIN
	UPDATE `memory_usage` SET
		`records` = `records` - (old.origin <> 'derived'),
		`bytes` = `bytes` - CASE WHEN old.origin <> 'derived' THEN old.bytes ELSE 0 END,
		`derived` = `derived` - (old.origin = 'derived')
	WHERE `project_id` = old.project_id;
END;
--> statement-breakpoint
CREATE TRIGGER `memory_records_usage_update` AFTER UPDATE OF `project_id`, `origin`, `bytes` ON `memory_records` BEGIN
	UPDATE `memory_usage` SET
		`records` = `records` - (old.origin <> 'derived'),
		`bytes` = `bytes` - CASE WHEN old.origin <> 'derived' THEN old.bytes ELSE 0 END,
		`derived` = `derived` - (old.origin = 'derived')
	WHERE `project_id` = old.project_id;
	INSERT INTO `memory_usage` (`project_id`, `records`, `bytes`, `derived`)
	VALUES (new.project_id, new.origin <> 'derived', CASE WHEN new.origin <> 'derived' THEN new.bytes ELSE 0 END, new.origin = 'derived')
	ON CONFLICT (`project_id`) DO UPDATE SET
		`records` = `records` + excluded.`records`,
		`bytes` = `bytes` + excluded.`bytes`,
		`derived` = `derived` + excluded.`derived`;
END;
