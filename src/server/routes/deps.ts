// What every UI route receives from app.ts: the open store, where session files are, the shared summary cache,
// the personal contract file, the artifact folder, the CSRF token pages embed in their forms, and whether mutations are allowed.
import type { Clock } from "../../core/clock.ts";
import { KEEL_VERSION } from "../../core/version.ts";
import type { ParsedSessionCache } from "../../overview/session-view.ts";
import type { Store } from "../../project/open.ts";
import type { SpillSourceCache } from "../../recall/artifacts/spill-sources.ts";
import type { SessionSummaryCache } from "../../session/session-files.ts";
import type { SessionFolderCache } from "../../session/session-folders.ts";
import type { PageFrame } from "../ui/components/layout.tsx";

export interface UiDeps {
  store: Store;
  sessionDirs: readonly string[];
  cache: SessionSummaryCache;
  /** Session folder listings, kept while each folder is unchanged. */
  folders: SessionFolderCache;
  /** The last few sessions viewed, parsed, so a page and its compaction views do not reparse the file. */
  parsed: ParsedSessionCache;
  personalContract: string;
  /** Where spilled tool outputs are stored (the storage page lists them, read-only). */
  artifactsDir?: string;
  /** What spilled each artifact, remembered per session file while it is unchanged. */
  spills: SpillSourceCache;
  csrfToken: string;
  /** The demo serves its pages read-only: every mutation is refused. */
  readOnly: boolean;
  /** Where this server offers the read-only demo (a link on every page), when it does. */
  demoHref?: string;
  clock: Clock;
}

export function pageFrame(deps: UiDeps): PageFrame {
  return {
    version: KEEL_VERSION,
    store: { location: deps.store.location, driver: deps.store.driver },
    generatedAt: deps.clock.now(),
    inDemo: deps.readOnly,
    demoHref: deps.demoHref,
  };
}
