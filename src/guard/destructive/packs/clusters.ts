// Pack "clusters": Kubernetes deletes of namespaces, volumes, CRDs, workloads or everything, drains that
// delete data, helm uninstalls, and deleting whole local or managed clusters.
import type { Pack } from "./types.ts";

const DRY_RUN = "add --dry-run=server to see what would go";

export const CLUSTERS_PACK: Pack = {
  id: "clusters",
  title: "clusters",
  tools: ["kubectl", "oc", "k", "helm", "kind", "k3d", "minikube", "eksctl", "argocd", "flux", "velero"],
  rules: [
    {
      id: "k8s-delete-all",
      reason: "deletes every matching resource",
      alternative: DRY_RUN,
      dangerous: ["kubectl delete svc --all"],
      harmless: ["kubectl get svc --all-namespaces"],
    },
    {
      id: "k8s-delete-namespace",
      reason: "deletes a namespace, volume or CRD and everything in it",
      alternative: DRY_RUN,
      dangerous: ["kubectl delete ns qa"],
      harmless: ["kubectl get ns qa"],
    },
    {
      id: "k8s-delete-workload",
      reason: "deletes a workload or what its manifests describe",
      alternative: DRY_RUN,
      dangerous: ["kubectl delete statefulset db", "kubectl delete -f deploy/"],
      harmless: ["kubectl delete pod web-1", "kubectl diff -f deploy/"],
    },
    {
      id: "helm-uninstall",
      reason: "removes the release and its resources",
      alternative: "`helm uninstall --dry-run` first",
      dangerous: ["helm uninstall redis"],
      harmless: ["helm status redis"],
    },
    {
      id: "cloud-delete",
      reason: "deletes a cluster",
      alternative: "check the name and context first",
      dangerous: ["eksctl delete cluster --name prod"],
      harmless: ["eksctl get cluster"],
    },
    {
      id: "platform-delete",
      reason: "deletes a cluster or an app in it",
      alternative: "check the name and context first",
      dangerous: ["kind delete cluster", "argocd app delete web"],
      harmless: ["kind get clusters", "argocd app list"],
    },
  ],
};
