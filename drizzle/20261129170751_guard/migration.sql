CREATE TABLE `guard_evidence` (
	`seq` integer PRIMARY KEY AUTOINCREMENT,
	`project_id` text NOT NULL,
	`number` integer NOT NULL,
	`session_id` text,
	`command` text NOT NULL,
	`exit_code` integer,
	`signal` text,
	`timed_out` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`output_sha256` text NOT NULL,
	`output_bytes` integer NOT NULL,
	`output_tail` text NOT NULL,
	`trusted` integer NOT NULL,
	`trust_note` text,
	`git_head` text,
	`tree_hash` text,
	`created_at` integer NOT NULL,
	CONSTRAINT `fk_guard_evidence_project_id_projects_id_fk` FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE `guard_journal` (
	`seq` integer PRIMARY KEY AUTOINCREMENT,
	`project_id` text NOT NULL,
	`number` integer NOT NULL,
	`session_id` text,
	`type` text NOT NULL,
	`text` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`author` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT `fk_guard_journal_project_id_projects_id_fk` FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE `guard_loops` (
	`session_id` text NOT NULL,
	`fingerprint` text NOT NULL,
	`project_id` text NOT NULL,
	`command` text NOT NULL,
	`failures` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT `guard_loops_pk` PRIMARY KEY(`session_id`, `fingerprint`),
	CONSTRAINT `fk_guard_loops_project_id_projects_id_fk` FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE `guard_rules` (
	`project_id` text NOT NULL,
	`id` text NOT NULL,
	`text` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT `guard_rules_pk` PRIMARY KEY(`project_id`, `id`),
	CONSTRAINT `fk_guard_rules_project_id_projects_id_fk` FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE `guard_sessions` (
	`session_id` text PRIMARY KEY,
	`project_id` text NOT NULL,
	`baseline` text,
	`brief_digest` text,
	`started_at` integer NOT NULL,
	CONSTRAINT `fk_guard_sessions_project_id_projects_id_fk` FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guard_evidence_number` ON `guard_evidence` (`project_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `guard_journal_number` ON `guard_journal` (`project_id`,`number`);--> statement-breakpoint
CREATE INDEX `guard_loops_project` ON `guard_loops` (`project_id`);