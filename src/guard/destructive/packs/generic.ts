// Pack "any-cli": command-line tools no other pack knows, read by the shape of their subcommands and options
// (a verb that deletes, destroys, purges, drops, prunes, erases or terminates).
import type { Pack } from "./types.ts";

export const ANY_CLI_PACK: Pack = {
  id: "any-cli",
  title: "any other command-line tool",
  rules: [
    {
      id: "resource-delete",
      reason: "a subcommand or option that deletes, destroys or purges what it names",
      alternative:
        "list or describe it first, export what it holds, and use the tool's dry run if it has one",
      dangerous: [
        "influx bucket delete --name telemetry",
        "vagrant destroy -f",
        "rabbitmqctl delete_queue jobs",
        "kafka-topics --bootstrap-server k:9092 --delete --topic orders",
      ],
      harmless: [
        "influx bucket list",
        "vagrant status",
        "rabbitmqctl list_queues",
        "pytest -k delete",
        "npm uninstall left-pad",
      ],
    },
  ],
};
