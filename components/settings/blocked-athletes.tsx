import { withRls, type Claims } from "@/lib/db";
import { listMyBlocks } from "@/lib/data/blocks";
import { UnblockButton } from "./unblock-button";
import { SettingsSection } from "./settings-section";

/** Settings → Blocked athletes (docs/security.md#blocks): whom this athlete blocked, each with Unblock. */
export async function BlockedAthletesSection({ claims }: { claims: Claims }) {
  const blocked = await withRls(claims, (tx) => listMyBlocks(tx));
  return (
    <SettingsSection
      id="blocked"
      title="Blocked athletes"
      intro="A blocked athlete cannot message you or ask to join your team, and neither of you sees the other on browse. They are not told."
    >
      {blocked.length === 0 ? (
        <p className="text-slate-600">You have not blocked anyone.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {blocked.map((athlete) => (
            <li key={athlete.profile_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="min-w-0 truncate font-semibold text-slate-900">{athlete.full_name}</p>
                <p className="min-w-0 truncate text-sm text-slate-600">@{athlete.username}</p>
              </div>
              <UnblockButton profileId={athlete.profile_id} name={athlete.full_name} />
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
