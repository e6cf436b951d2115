CREATE TABLE `memory_links` (
	`project_id` text NOT NULL,
	`from_id` text NOT NULL,
	`to_id` text NOT NULL,
	CONSTRAINT `memory_links_pk` PRIMARY KEY(`project_id`, `from_id`, `to_id`),
	CONSTRAINT `fk_memory_links_project_id_projects_id_fk` FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE `memory_policies` (
	`project_id` text PRIMARY KEY,
	`max_bytes` integer,
	`cleanup_mode` text,
	`revision` integer DEFAULT 0 NOT NULL,
	`token_key` text NOT NULL,
	CONSTRAINT `fk_memory_policies_project_id_projects_id_fk` FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE `memory_records` (
	`seq` integer PRIMARY KEY AUTOINCREMENT,
	`id` text NOT NULL,
	`project_id` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`tags` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL,
	`category` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`origin` text NOT NULL,
	`pinned` integer DEFAULT false NOT NULL,
	`expires_at` integer,
	`superseded_by` text,
	`source_refs` text DEFAULT '[]' NOT NULL,
	`provenance` text DEFAULT '[]' NOT NULL,
	`consolidated_from` text DEFAULT '[]' NOT NULL,
	`session_id` text,
	`branch_id` text,
	`fact_key` text,
	`bytes` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT `fk_memory_records_project_id_projects_id_fk` FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX `memory_links_target` ON `memory_links` (`project_id`,`to_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `memory_records_project_id` ON `memory_records` (`project_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `memory_records_fact_key` ON `memory_records` (`project_id`,`fact_key`) WHERE "memory_records"."fact_key" is not null;--> statement-breakpoint
CREATE INDEX `memory_records_project_updated` ON `memory_records` (`project_id`,`origin`,`updated_at`);--> statement-breakpoint
CREATE INDEX `memory_records_superseded_by` ON `memory_records` (`project_id`,`superseded_by`);--> statement-breakpoint
CREATE INDEX `memory_records_expiry` ON `memory_records` (`project_id`,`expires_at`);