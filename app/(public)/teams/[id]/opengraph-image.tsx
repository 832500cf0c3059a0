import { getPublicTeam } from "@/lib/data/public-teams";
import { ogCard, ogContentType, ogSize } from "@/lib/seo/og-card";
import { teamHeadline } from "@/lib/teams/team-seo";

export const size = ogSize;
export const contentType = ogContentType;
export const alt = "Relay team on Noosa Tri Teams";
export const revalidate = 3600;

/** The 1200×630 card a shared team link previews with: the need, the place and the members. */
export default async function TeamCard({ params }: { params: Promise<{ id: string }> }) {
  const team = await getPublicTeam((await params).id);
  if (!team) return ogCard({ title: "Relay team", subtitle: "This team doesn't exist or is not public." });
  const headline = teamHeadline(team);
  return ogCard({
    eyebrow: team.status === "open" ? "Relay team · taking requests" : "Relay team · full",
    title: headline.length > 70 ? team.name : headline,
    subtitle: `${team.location ?? "Noosa"} · ${team.active_count}/${team.max_members} members`,
  });
}
