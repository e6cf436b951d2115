ALTER TABLE `compactions` ADD `tokens_after` integer;--> statement-breakpoint
ALTER TABLE `compactions` ADD `coverage` real;--> statement-breakpoint
ALTER TABLE `compactions` ADD `outcome` text;--> statement-breakpoint
ALTER TABLE `compactions` ADD `model_calls` integer;--> statement-breakpoint
ALTER TABLE `compactions` ADD `latency_ms` integer;--> statement-breakpoint
ALTER TABLE `compactions` ADD `gaps` text;