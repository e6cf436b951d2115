ALTER TABLE `guard_loops` ADD `tree_state` text;--> statement-breakpoint
ALTER TABLE `guard_loops` ADD `output_digest` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `guard_loops` ADD `refusals` integer DEFAULT 0 NOT NULL;