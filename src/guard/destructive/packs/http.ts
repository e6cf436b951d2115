// Pack "http": DELETE requests sent by curl, wget, HTTPie, xh, PowerShell or a forge CLI's raw API call.
import type { Pack } from "./types.ts";

export const HTTP_PACK: Pack = {
  id: "http",
  title: "HTTP requests",
  tools: ["curl", "wget", "http", "https", "xh", "xhs", "curlie", "invoke-restmethod", "invoke-webrequest"],
  rules: [
    {
      id: "http-delete",
      reason: "sends a DELETE request to an API",
      alternative: "GET the resource first and check it is the one you mean",
      dangerous: [
        "curl -X DELETE https://api.example.org/items/4",
        "http DELETE example.org/items/4",
        "gh api -X DELETE repos/acme/x/releases/9",
      ],
      harmless: ["curl https://api.example.org/items/4", "http GET example.org/items/4"],
    },
  ],
};
