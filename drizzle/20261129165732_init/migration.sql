CREATE TABLE `compactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`project_id` text NOT NULL,
	`session_id` text NOT NULL,
	`session_file` text,
	`entry_id` text NOT NULL,
	`strategy` text NOT NULL,
	`reason` text NOT NULL,
	`from_extension` integer NOT NULL,
	`tokens_before` integer,
	`first_kept_entry_id` text,
	`summary_chars` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT `fk_compactions_project_id_projects_id_fk` FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY,
	`root` text NOT NULL,
	`identity_source` text NOT NULL,
	`name` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `compactions_session_entry` ON `compactions` (`session_id`,`entry_id`);--> statement-breakpoint
CREATE INDEX `compactions_project_created` ON `compactions` (`project_id`,`created_at`);