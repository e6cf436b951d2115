// Pack "containers": volumes deleted, and every container or image removed at once.
import type { Pack } from "./types.ts";

export const CONTAINERS_PACK: Pack = {
  id: "containers",
  title: "containers",
  tools: ["docker", "podman", "nerdctl", "docker-compose", "podman-compose"],
  rules: [
    {
      id: "container-volumes",
      reason: "deletes volume data",
      alternative: "back the volume up (`docker run --rm -v vol:/v busybox tar c /v`) first",
      dangerous: ["docker volume rm appdata", "docker compose down -v"],
      harmless: ["docker volume ls", "docker compose down"],
    },
    {
      id: "container-mass-remove",
      reason: "removes every container or image at once",
      alternative: "remove the ones you mean by name",
      dangerous: ["docker rm -f $(docker ps -aq)", "docker container prune -f"],
      harmless: ["docker rm web-old", "docker ps -aq"],
    },
  ],
};
