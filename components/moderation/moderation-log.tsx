import type { ModerationLogEntry } from "@/lib/data/reports";

const verbs: Record<ModerationLogEntry["action"], string> = {
  hide_message: "Hid a message",
  hide_profile: "Hid a profile",
  suspend: "Suspended an account",
  dismiss: "Dismissed a report",
  remove_photo: "Removed a photo",
  hide_session: "Hid a session",
  remove_rsvp: "Took an athlete out of a session",
};

const when = (at: Date) =>
  at.toLocaleString("en-AU", { timeZone: "Australia/Brisbane", dateStyle: "medium", timeStyle: "short" });

/** The latest recorded actions: who did what, when (public.moderation_actions). */
export function ModerationLog({ entries }: { entries: ModerationLogEntry[] }) {
  return (
    <section aria-labelledby="log-title" className="space-y-3">
      <h2 id="log-title" className="text-ocean-950 text-2xl font-bold">
        Recent actions
      </h2>
      {entries.length === 0 ? (
        <p className="text-slate-700">No actions yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {entries.map((e, i) => (
            <li key={`${e.at.toISOString()}-${i}`} className="flex flex-wrap gap-x-3 px-4 py-3 text-sm">
              <span className="font-semibold text-slate-900">{verbs[e.action]}</span>{" "}
              <span className="text-slate-700">by {e.moderator_email ?? "a former moderator"}</span>{" "}
              <time dateTime={e.at.toISOString()} className="text-slate-600">
                {when(e.at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
