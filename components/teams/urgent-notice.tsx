/**
 * "Urgent · Needs a runner by 2 Nov · 3 days left", with its words already made on the server
 * (./urgent-badge.tsx): the time left depends on the clock and Noosa's calendar, so a client card shows
 * the server's words rather than working them out again while it hydrates.
 */
export function UrgentNotice({ need, left }: { need: string; left: string }) {
  return (
    <p className="urgent">
      <span className="urgent-tag">Urgent</span>
      <span>{need}</span>
      <span className="font-normal">{`· ${left}`}</span>
    </p>
  );
}
