import { buttonClasses } from "@/components/ui/button";

/**
 * "Add to calendar" for a team's active members: a plain GET link to the team's .ics (race day and weekly
 * training), so a phone hands the file to its calendar app and no script is needed.
 */
export function AddToCalendarLink({ teamId }: { teamId: string }) {
  return (
    <a
      href={`/api/teams/${teamId}/calendar`}
      className={buttonClasses("secondary", "md")}
      aria-describedby="add-to-calendar-hint"
    >
      Add to calendar
      <span id="add-to-calendar-hint" className="sr-only">
        : race day and weekly training, Noosa time, as a calendar file
      </span>
    </a>
  );
}
