// Destroying infrastructure and machines: IaC teardown, cloud project/resource-group deletion, cluster
// deletions, release uninstalls, container volume prunes, disk wipes, crontab removal, firewall flushes,
// unpublishing, truncation through a bare redirect, recursive ownership changes at the root.
import { describe } from "vitest";
import { itFlags, itPasses } from "../support/screen-cases.ts";

describe("infrastructure, clusters, disks and the machine", () => {
  itFlags([
    ["tofu -chdir=envs/prod destroy", "iac-destroy"],
    ["terraform apply -destroy -auto-approve", "iac-destroy"],
    ["pulumi down --yes", "iac-destroy"],
    ["cdk destroy --all", "iac-destroy"],
    ["gcloud projects delete acme-prod --quiet", "cloud-project-delete"],
    ["az group delete --name rg-prod --yes", "cloud-resource-group-delete"],
    ["aws cloudformation delete-stack --stack-name web", "cloud-delete"],
    ["kubectl delete ns,svc preview", "k8s-delete-namespace"],
    ["kubectl -n prod delete deploy --all", "k8s-delete-all"],
    ["helm --namespace web un frontend", "helm-uninstall"],
    ["podman system prune --all --volumes", "container-volumes"],
    ["docker-compose down -v", "container-volumes"],
    ["sgdisk -o /dev/sdb", "disk-partition-table"],
    ["parted --script /dev/sdc rm 1", "disk-partition-table"],
    ["dd if=/dev/urandom of=/dev/mmcblk0", "dd-device"],
    ["crontab -u backup -r", "crontab-remove"],
    ["ip6tables --flush", "firewall-flush"],
    ["nft delete table inet filter", "firewall-flush"],
    ["yarn npm unpublish --all", "package-unpublish"],
    [": > /var/log/app.log", "truncate-redirect"],
    [">| data.csv", "truncate-redirect"],
    ["sudo chown -hR bob /", "chown-recursive-system"],
  ]);

  itPasses([
    "terraform plan -destroy -out destroy.tfplan",
    "pulumi destroy --preview-only",
    "gcloud projects describe acme-prod",
    "az group show --name rg-prod",
    "kubectl get ns",
    "kubectl delete pod api-6f7c9",
    "kubectl delete ns preview --dry-run=client",
    "helm status frontend",
    "docker system prune -f",
    "docker compose down",
    "sgdisk --print /dev/sdb",
    "sudo fdisk -l /dev/sda",
    "wipefs /dev/sdb",
    "mkswap /swapfile",
    "crontab -l",
    "iptables -S",
    "nft list ruleset",
    "npm unpublish left-pad --dry-run",
    ": >> app.log",
    "> /dev/null",
    "exec > build.log 2>&1",
    "chown -R app:app ./var",
  ]);
});
