CREATE TABLE `memory_usage` (
	`project_id` text PRIMARY KEY,
	`records` integer DEFAULT 0 NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL,
	`derived` integer DEFAULT 0 NOT NULL,
	CONSTRAINT `fk_memory_usage_project_id_projects_id_fk` FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON DELETE CASCADE
);
