import type { Metadata } from "next";
import { PageIntro } from "@/components/layout/page-intro";
import { SessionForm } from "@/components/sessions/session-form";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/session";
import { noosaDay } from "@/lib/sessions/format";

export const metadata: Metadata = { title: "Post a session", robots: { index: false, follow: false } };

/** The calendar day after an ISO day (yyyy-mm-dd). */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The host's form for a new session (once or weekly). */
export default async function NewSessionPage() {
  await requireUser("/sessions/new");
  const today = noosaDay(new Date());
  return (
    <>
      <PageIntro title="Post a session">
        Others take a place or join the waitlist; a freed place is offered at once.
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
        <Card>
          {/* Tomorrow: a session posted today is mostly for a later day, and today's dawn has passed. */}
          <SessionForm today={today} firstDay={dayAfter(today)} />
        </Card>
      </div>
    </>
  );
}
