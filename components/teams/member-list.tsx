import Link from "next/link";
import { AthletePhoto } from "@/components/ui/athlete-photo";
import { Badge } from "@/components/ui/badge";
import { signedFaceImages } from "@/lib/photos/urls";
import type { TeamMember } from "@/lib/data/teams";
import { levelLabels, roleLabels } from "@/lib/teams/labels";
import { removeMemberAction } from "@/lib/actions/teams";
import { TeamActionButton } from "./team-action-button";

/** A member's name, linked to their profile when it is public; "Private athlete" when it is hidden. */
export function MemberName({ member }: { member: TeamMember }) {
  const name = member.full_name ?? "Private athlete";
  return (
    <span className="min-w-0 wrap-anywhere">
      {member.profile_public && member.full_name ? (
        <Link href={`/profile/${member.profile_id}`} className="text-ocean-900 font-semibold hover:underline">
          {name}
        </Link>
      ) : (
        <span className="font-semibold text-slate-900">{name}</span>
      )}
      {member.username ? <span className="ml-2 text-sm text-slate-600">@{member.username}</span> : null}
    </span>
  );
}

/**
 * Active members with role, status and face (docs/product.md#teams); the creator can remove anyone but
 * themselves. `signAs`: "visitor" on the cached public page, "viewer" on a signed-in one (lib/photos/urls.ts).
 */
export async function MemberList({
  members,
  canRemove,
  signAs,
}: {
  members: TeamMember[];
  canRemove: boolean;
  signAs: "viewer" | "visitor";
}) {
  const active = members.filter((m) => m.status === "active");
  const photos = await signedFaceImages(active.map((m) => m.photo_path), "small", signAs);
  // Only a team made outside the app's functions can lack its creator's row; say so rather than show nothing.
  if (active.length === 0) return <p className="py-3 text-sm text-slate-700">No members yet.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Members">
      {active.map((m) => (
        <li key={m.member_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="flex min-w-0 items-center gap-3">
            <AthletePhoto name={m.full_name ?? ""} image={m.photo_path ? photos.get(m.photo_path) : null} size="sm" />
            <div className="flex min-w-0 flex-col">
            <MemberName member={m} />
            <span className="text-sm text-slate-700">
              {roleLabels[m.role]}
              {m.experience_level ? ` · ${levelLabels[m.experience_level]}` : ""}
            </span>
            </div>
          </div>
          <div className="flex items-center gap-2">
            {m.is_creator ? <Badge tone="ocean">Creator</Badge> : null}
            <Badge tone="success">Active</Badge>
            {canRemove && !m.is_creator ? (
              <TeamActionButton
                action={removeMemberAction.bind(null, m.member_id)}
                label="Remove"
                busyLabel="Removing..."
                success="Member removed"
                variant="ghost"
                name={`Remove ${m.full_name ?? "member"}`}
              />
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
