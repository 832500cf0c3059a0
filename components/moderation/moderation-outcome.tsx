const done: Record<string, string> = {
  hide_message: "Message hidden. Nobody sees it any more.",
  hide_profile: "Profile hidden from browse, search and its public page.",
  suspend: "Account suspended. It can no longer send messages or change anything.",
  dismiss: "Report dismissed.",
  remove_photo: "Photo removed. The profile shows initials again, and the athlete is told by e-mail.",
  hide_session: "Session hidden. Its upcoming dates are cancelled, and everyone going or waiting is told.",
  remove_rsvp: "The athlete is out of that session, and the place is offered on.",
  photo_replaced:
    "The athlete had already replaced that photo, so their new one stays. The reported one is gone.",
};

const errors: Record<string, string> = {
  handled: "Another moderator has already handled this report.",
  moderator: "A moderator's account cannot be suspended here.",
  invalid: "That action was not understood. Choose it again from the report.",
  failed: "The action did not go through. Try again.",
};

/** The result of the last action, from the page's address (the action redirects with ?done= or ?error=). */
export function ModerationOutcome({
  done: action,
  closed,
  error,
}: {
  done?: string;
  closed?: string;
  error?: string;
}) {
  const text = action ? done[action] : undefined;
  const problem = error ? (errors[error] ?? errors.failed) : undefined;
  if (!text && !problem) return null;
  const count = Number(closed);
  return (
    <div id="outcome" tabIndex={-1}>
      {text ? (
        <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
          {text}
          {count > 0 ? ` ${count === 1 ? "1 report" : `${count} reports`} closed.` : null}
        </p>
      ) : (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
