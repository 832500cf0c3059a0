import type { JoinContext } from "@/lib/intent/join-context";
import { askSentence } from "@/lib/intent/join-context";

/**
 * On the auth screens of someone asking to join a team: the spec's "Please sign in to join a team", and
 * which team and leg the request is for, so the screen says why it is there.
 */
export function JoinIntentNote({ context, lead }: { context: JoinContext; lead: string }) {
  return (
    <div className="border-sunset-400 bg-ocean-950 mb-6 rounded-lg border-l-4 px-4 py-3">
      <p className="font-semibold text-white">Please sign in to join a team</p>
      <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-200">{askSentence(context, lead)}</p>
    </div>
  );
}
