import { NextResponse } from "next/server";
import { getClaims } from "@/lib/auth/session";
import { buildCalendar } from "@/lib/calendar/ics";
import { fileSlug, icsResponse } from "@/lib/calendar/ics-response";
import { findMyCalendarTeam } from "@/lib/data/calendar";
import { withRls } from "@/lib/db";
import { teamIdSchema } from "@/lib/validation/team";

// "Add to calendar" on a team page: race day and the team's weekly training as one .ics file, for its
// active members only (a visitor or anyone else gets a 404, the same as for a team that does not exist).
// A plain GET link, so a phone opens the file with its calendar app.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

const noStore = { "Cache-Control": "private, no-store" };
const notFound = () => NextResponse.json({ error: "Team not found" }, { status: 404, headers: noStore });

export async function GET(request: Request, { params }: Props) {
  const id = teamIdSchema.safeParse((await params).id);
  if (!id.success) return notFound();
  const claims = await getClaims();
  // A session that ended since the page was shown: sign in, then back to the team's page.
  if (!claims)
    return NextResponse.redirect(
      new URL(`/auth?next=${encodeURIComponent(`/teams/${id.data}`)}`, request.url),
    );
  try {
    const team = await withRls(claims, (tx) => findMyCalendarTeam(tx, id.data, claims.sub));
    if (!team) return notFound();
    const ics = buildCalendar({ name: team.name, teams: [team] });
    return icsResponse(request, ics, { filename: `${fileSlug(team.name)}.ics` });
  } catch (error) {
    console.error("team calendar failed", {
      action: "calendar.team",
      userId: claims.sub,
      reason: (error as Error).message,
    });
    return NextResponse.json(
      { error: "Sorry, we couldn't make your calendar file just now. Please try again." },
      { status: 500, headers: noStore },
    );
  }
}
