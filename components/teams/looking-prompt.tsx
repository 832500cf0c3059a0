import { answerLookingPromptAction } from "@/lib/actions/roster-prompts";
import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { findMyLookingPrompt, type LookingPrompt as Prompt } from "@/lib/data/roster-prompts";
import { TeamActionButton } from "./team-action-button";

/**
 * Tells an athlete who has just become an active member of a team that they are no longer listed as
 * looking for one, with a one-press "Keep me listed"; after leaving or being removed, asks whether to be
 * listed again. Reads its own data (nothing when there is no question waiting), so a page mounts it with
 * one line. The profile form's switch stays the other way to change it. A page that reads it in its own
 * transaction passes it as `read` (null: no question), saving a transaction of its own.
 */
export async function LookingPrompt({
  inline = false,
  read,
}: { inline?: boolean; read?: Prompt | null } = {}) {
  let prompt = read;
  if (prompt === undefined) {
    const claims = await getClaims();
    if (!claims) return null;
    prompt = await withRls(claims, findMyLookingPrompt);
  }
  if (!prompt) return null;
  const joined = prompt.reason === "joined";
  // A creator has just made the team: Browse now shows the team, so say that, not a loss ("no longer listed").
  const created = joined && prompt.created;
  return (
    <section
      aria-labelledby="looking-prompt-title"
      // Inline: inside a page's own column (under /teams' share panel), not a band of its own.
      className={inline ? undefined : "mx-auto mt-6 max-w-6xl px-4 sm:px-6"}
      data-prompt="looking"
    >
      <div className="border-ocean-200 bg-ocean-50 rounded-2xl border p-4 sm:p-5">
        <h2 id="looking-prompt-title" className="text-ocean-950 font-bold">
          {created
            ? `Browse now lists ${prompt.team_name}, not you`
            : joined
              ? "You're no longer listed as looking for a team"
              : "Be listed as looking for a team again?"}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {created
            ? "Keep your own listing as an athlete looking for a team too?"
            : joined
              ? `You're in ${prompt.team_name}, so teams and athletes browsing no longer see you as available.`
              : `You're no longer in ${prompt.team_name}. Teams that need your leg can find you again if you're listed.`}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <TeamActionButton
            action={answerLookingPromptAction.bind(null, true)}
            label={created ? "Keep me listed too" : joined ? "Keep me listed" : "List me again"}
            busyLabel="Saving..."
            success="You're listed as looking for a team"
          />
          <TeamActionButton
            action={answerLookingPromptAction.bind(null, false)}
            label={joined ? "OK" : "Not now"}
            name={joined ? "OK, keep me unlisted" : "Not now, stay unlisted"}
            busyLabel="Saving..."
            success="You're not listed as looking for a team"
            variant="secondary"
          />
        </div>
      </div>
    </section>
  );
}
