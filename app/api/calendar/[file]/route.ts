import { buildCalendar } from "@/lib/calendar/ics";
import { icsResponse } from "@/lib/calendar/ics-response";
import { feedTokenHash, tokenFromFile } from "@/lib/calendar/feed-token";
import { readCalendarFeed, readCalendarFeedSessions } from "@/lib/data/calendar";
import { withRls } from "@/lib/db";
import { calendar, site } from "@/lib/site";

// An athlete's private calendar feed, fetched by calendar apps, which have no session: the token in the
// path is the only key. It is read as a visitor through public.calendar_feed (keyed by the token's hash),
// so this route holds no extra rights. Always fresh per request; caches are told how long to keep it.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ file: string }> };

// The same answer for a token never made, replaced or revoked: nothing tells them apart.
const notFound = () =>
  new Response("Not found\n", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "Referrer-Policy": "no-referrer",
    },
  });

export async function GET(request: Request, { params }: Props) {
  const token = tokenFromFile((await params).file);
  const hash = token ? feedTokenHash(token) : null;
  if (!hash) return notFound();
  try {
    const feed = await withRls(null, async (tx) => {
      const teams = await readCalendarFeed(tx, hash);
      return teams ? { teams, sessions: await readCalendarFeedSessions(tx, hash) } : null;
    });
    if (!feed) return notFound();
    const ics = buildCalendar({ name: site.name, ...feed, refreshSeconds: calendar.feedRefreshSeconds });
    return icsResponse(request, ics, {
      filename: "noosa-tri-teams.ics",
      cacheSeconds: calendar.feedCacheSeconds,
    });
  } catch (error) {
    // Never log the path: it is the secret.
    console.error("calendar feed failed", { action: "calendar.feed", reason: (error as Error).message });
    return new Response("Please try again later.\n", {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "300",
      },
    });
  }
}
