// Packs "aws", "gcp" and "azure": each big cloud's deletes of storage, compute, databases, queues, DNS,
// secrets and whole projects or resource groups.
import type { Pack } from "./types.ts";

const DRY = "list what it would delete first, and use the CLI's dry run where it has one";

export const AWS_PACK: Pack = {
  id: "aws",
  title: "Amazon Web Services",
  tools: ["aws", "s3cmd"],
  rules: [
    {
      id: "cloud-delete",
      reason: "deletes cloud resources",
      alternative: DRY,
      dangerous: ["aws lambda delete-function --function-name api", "aws sqs purge-queue --queue-url $Q"],
      harmless: ["aws lambda list-functions", "aws sqs delete-message --queue-url $Q --receipt-handle $R"],
    },
    {
      id: "bucket-remove",
      reason: "removes a bucket",
      alternative: DRY,
      dangerous: ["aws s3 rb s3://logs --force"],
      harmless: ["aws s3 ls s3://logs"],
    },
    {
      id: "storage-recursive-delete",
      reason: "deletes every object under a prefix",
      alternative: "add --dryrun",
      dangerous: ["aws s3 rm s3://logs/2024 --recursive"],
      harmless: ["aws s3 rm s3://logs/2024 --recursive --dryrun"],
    },
    {
      id: "sync-delete",
      reason: "deletes objects the source lacks",
      alternative: "add --dryrun",
      dangerous: ["aws s3 sync build s3://site --delete"],
      harmless: ["aws s3 sync build s3://site"],
    },
  ],
};

export const GCP_PACK: Pack = {
  id: "gcp",
  title: "Google Cloud and Firebase",
  tools: ["gcloud", "gsutil", "bq", "firebase"],
  rules: [
    {
      id: "cloud-delete",
      reason: "deletes cloud resources",
      alternative: DRY,
      dangerous: ["gcloud sql instances delete main"],
      harmless: ["gcloud sql instances list"],
    },
    {
      id: "cloud-project-delete",
      reason: "deletes a whole project",
      alternative: "check the project id twice",
      deny: true,
      dangerous: ["gcloud projects delete acme-dev"],
      harmless: ["gcloud projects describe acme-dev"],
    },
    {
      id: "bucket-remove",
      reason: "removes a bucket",
      alternative: DRY,
      dangerous: ["gsutil rb gs://acme-tmp"],
      harmless: ["gsutil ls gs://acme-tmp"],
    },
    {
      id: "storage-recursive-delete",
      reason: "deletes every object it matches",
      alternative: "list with `gsutil ls` first",
      dangerous: ["gsutil -m rm -r gs://acme-tmp/**"],
      harmless: ["gsutil ls -r gs://acme-tmp"],
    },
    {
      id: "sync-delete",
      reason: "deletes objects the source lacks",
      alternative: "add -n to see what would go",
      dangerous: ["gsutil rsync -d -r out gs://acme-site"],
      harmless: ["gsutil rsync -r out gs://acme-site"],
    },
    {
      id: "db-drop",
      reason: "removes a dataset or table",
      alternative: "export it first",
      dangerous: ["bq rm -f -t ds.events"],
      harmless: ["bq ls ds"],
    },
    {
      id: "platform-delete",
      reason: "deletes Firebase data, a project or turns hosting off",
      alternative: "export first and check the project",
      dangerous: ["firebase firestore:delete --all-collections"],
      harmless: ["firebase firestore:indexes"],
    },
  ],
};

export const AZURE_PACK: Pack = {
  id: "azure",
  title: "Microsoft Azure",
  tools: ["az", "azcopy", "azd"],
  rules: [
    {
      id: "cloud-delete",
      reason: "deletes cloud resources",
      alternative: DRY,
      dangerous: ["az vm delete -g rg -n vm1 --yes"],
      harmless: ["az vm show -g rg -n vm1"],
    },
    {
      id: "cloud-resource-group-delete",
      reason: "deletes a resource group and everything in it",
      alternative: "list its resources first",
      dangerous: ["az group delete -n rg-prod --yes"],
      harmless: ["az group show -n rg-prod"],
    },
    {
      id: "storage-recursive-delete",
      reason: "removes every blob under the path",
      alternative: "list the blobs first",
      dangerous: ["azcopy remove 'https://acct.blob.core.windows.net/c' --recursive"],
      harmless: ["azcopy list 'https://acct.blob.core.windows.net/c'"],
    },
    {
      id: "sync-delete",
      reason: "deletes what the source lacks",
      alternative: "run without --delete-destination first",
      dangerous: ["azcopy sync ./site 'https://acct.blob.core.windows.net/web' --delete-destination=true"],
      harmless: ["azcopy sync ./site 'https://acct.blob.core.windows.net/web'"],
    },
    {
      id: "platform-delete",
      reason: "tears down the environment",
      alternative: "`azd down` without --purge keeps soft-deleted resources",
      dangerous: ["azd down --force --purge"],
      harmless: ["azd show"],
    },
  ],
};
