CREATE TABLE `memory_vectors` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`record_seq` integer NOT NULL,
	`project_id` text NOT NULL,
	`model` text NOT NULL,
	`text_hash` text NOT NULL,
	`vector` blob NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT `fk_memory_vectors_record_seq_memory_records_seq_fk` FOREIGN KEY (`record_seq`) REFERENCES `memory_records`(`seq`) ON DELETE CASCADE
);
--> statement-breakpoint
ALTER TABLE `memory_records` ADD `aliases` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `memory_vectors_record_model` ON `memory_vectors` (`record_seq`,`model`);--> statement-breakpoint
CREATE INDEX `memory_vectors_project_model` ON `memory_vectors` (`project_id`,`model`,`id`);