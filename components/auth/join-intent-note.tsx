import type { JoinContext } from "@/lib/intent/join-context";
import { askSentence } from "@/lib/intent/join-context";

/**
 * On the auth screens of someone asking to join a team: "Please sign in to join a team" (docs/product.md#join-requests), and
 * which team and leg the request is for, so the screen says why it is there.
 */
export function JoinIntentNote({
  context,
  lead,
  title = "Please sign in to join a team",
}: {
  context: JoinContext;
  lead: string;
  /** The note's first line; null for the sentence alone. */
  title?: string | null;
}) {
  return (
    <div className="border-sunset-400 bg-ocean-950 mb-6 rounded-lg border-l-4 px-4 py-3">
      {title ? <p className="font-semibold text-white">{title}</p> : null}
      <p className={`text-sm [overflow-wrap:anywhere] text-slate-200 ${title ? "mt-1" : ""}`}>
        {askSentence(context, lead)}
      </p>
    </div>
  );
}
