import { withRls, type Claims } from "@/lib/db";
import { findMyCalendarFeed } from "@/lib/data/calendar";
import { longAuDate } from "@/lib/format/au-date";
import { noosaDay } from "@/lib/calendar/ics";
import { CalendarFeedControls } from "./calendar-feed-controls";
import { SettingsSection } from "./settings-section";

/**
 * Settings → Calendar: the athlete's private feed of race day and training for the teams they are in.
 * The link is shown once, when made (only its hash is kept); after that the athlete can make a new one
 * or turn it off.
 */
export async function CalendarFeedSection({ claims }: { claims: Claims }) {
  const createdAt = await withRls(claims, (tx) => findMyCalendarFeed(tx));
  return (
    <SettingsSection
      id="calendar"
      title="Calendar"
      intro="Subscribe in your calendar app (Apple Calendar, Google Calendar, Outlook) to race day and the weekly training of every team you race in. It follows your teams: join one and it appears, leave and it goes."
    >
      <CalendarFeedControls madeOn={createdAt ? longAuDate(noosaDay(createdAt.toISOString())) : null} />
    </SettingsSection>
  );
}
