import { specialties } from "@/lib/labels";
import type { IntentPath } from "./paths";

/**
 * The confirm step of a join request: "Send your request to … as a runner?". In a module of its own (and
 * re-exported by ./paths.ts) because every team card's form needs it before any press, and the other
 * intent helpers are fetched only with a press (docs/performance.md#page-weight).
 */
export function joinIntentPath(teamId: string, role?: string | null): IntentPath {
  const leg = (specialties as readonly string[]).includes(role ?? "") ? `?as=${role}` : "";
  return `/teams/${encodeURIComponent(teamId)}/join${leg}` as IntentPath;
}
