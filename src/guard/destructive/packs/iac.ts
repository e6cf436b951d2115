// Pack "iac": infrastructure-as-code teardowns and state deletes.
import type { Pack } from "./types.ts";

export const IAC_PACK: Pack = {
  id: "iac",
  title: "infrastructure as code",
  tools: ["terraform", "tofu", "terragrunt", "cdktf", "pulumi", "cdk", "sam", "serverless", "sls"],
  rules: [
    {
      id: "iac-destroy",
      reason: "tears down every managed resource",
      alternative: "`terraform plan -destroy` / `pulumi preview --destroy` first",
      dangerous: ["terraform destroy -auto-approve", "pulumi destroy -y"],
      harmless: ["terraform plan -destroy", "pulumi preview"],
    },
    {
      id: "iac-state-delete",
      reason: "deletes state or a workspace that cannot be rebuilt",
      alternative: "`terraform state pull > backup.tfstate` first",
      dangerous: ["terraform state rm module.db", "terraform workspace delete qa"],
      harmless: ["terraform state list", "terraform workspace list"],
    },
  ],
};
