/** A session date's chat in a list (a session has no picture): the day of the month in a rounded square. */
export function SessionBadge({ startsAt }: { startsAt: string }) {
  const day = new Date(startsAt).toLocaleDateString("en-AU", {
    day: "numeric",
    timeZone: "Australia/Brisbane",
  });
  return (
    <span
      aria-hidden="true"
      className="bg-ocean-700 flex size-9 shrink-0 items-center justify-center rounded-lg text-sm font-bold text-white"
    >
      {day}
    </span>
  );
}
