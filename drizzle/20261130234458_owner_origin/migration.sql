-- One word for the person and one column for who wrote a row (issue 11): the contract's `source` and the
-- journal's `author` become `origin`, as memory already had, and memory's 'user' becomes 'owner', the word the
-- contract and journal already stored. The usage trigger counts both alike (neither is 'derived'): totals stay.
ALTER TABLE `guard_rules` RENAME COLUMN `source` TO `origin`;--> statement-breakpoint
ALTER TABLE `guard_journal` RENAME COLUMN `author` TO `origin`;--> statement-breakpoint
UPDATE `memory_records` SET `origin` = 'owner' WHERE `origin` = 'user';
