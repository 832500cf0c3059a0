import { NextResponse, type NextRequest } from "next/server";
import { refreshAtNoosaDayTurn } from "@/lib/data/public-cache";
import { isCronAuthorized } from "@/lib/notifications/cron-auth";
import { drainNotifications } from "@/lib/notifications/worker";
import { runSessionSchedule } from "@/lib/sessions/schedule";

// The notification worker (docs/notifications.md): Vercel Cron calls it every minute (vercel.json), the local stack every
// few seconds, both with `Authorization: Bearer $CRON_SECRET`. Claims due e-mails, sends, marks, until none
// is due or the time is up.
export const dynamic = "force-dynamic";
// The function may run a minute on Vercel; the pass stops sending at 45 s and gives the rest back.
export const maxDuration = 60;

const noStore = { "Cache-Control": "no-store" };

export async function GET(request: NextRequest) {
  if (!isCronAuthorized(request.headers.get("authorization"))) {
    return NextResponse.json({ error: "Unauthorized" }, { status: 401, headers: noStore });
  }
  // Noosa's midnight lapses the day's urgent needs, which no write announces: the first ticks of a new day
  // expire the cached public pages that show them.
  refreshAtNoosaDayTurn();
  // The sessions' tick first (new dates, expired offers, reminders), so what it queues goes out in this
  // pass; a failure of it never stops the e-mails.
  const sessions = await runSessionSchedule().catch((error: unknown) => {
    console.error("session schedule failed", {
      action: "sessions.schedule",
      reason: error instanceof Error ? error.message : String(error),
    });
    return null;
  });
  try {
    // Passes until nothing is due, 45 s of sending at most, inside the function's 60 s.
    const result = await drainNotifications({ budgetMs: 45_000 });
    return NextResponse.json({ ...result, sessions }, { headers: noStore });
  } catch (error) {
    console.error("notification pass failed", {
      action: "notifications.cron",
      reason: error instanceof Error ? error.message : String(error),
    });
    return NextResponse.json({ error: "Notification pass failed" }, { status: 500, headers: noStore });
  }
}
