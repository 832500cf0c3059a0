import { Text } from "@react-email/components";
import type { ReactNode } from "react";
import { formatSessionStart, sessionPath } from "@/lib/sessions/format";
import { spotName } from "@/lib/sessions/spots";
import { absoluteUrl } from "@/lib/site";
import type { ClaimedNotification } from "../types";
import { textStyle } from "./email-layout";
import type { EmailContent, Framer } from "./email-parts";

type SessionClaim = Extract<
  ClaimedNotification,
  { kind: "session_offer" | "session_change" | "session_reminder" | "session_summary" }
>;

const updatesReason = "you answered this session and have e-mails about session places and changes on";
const updatesLabel = "Stop e-mails about session places and changes";
const remindersLabel = "Stop session reminders";

/** Subject, frame and body of a session notification (offers, changes, reminders, the host's summary). */
export function sessionNotificationContent(n: SessionClaim, hi: ReactNode, frame: Framer): EmailContent {
  const d = n.data;
  const when = formatSessionStart(d.starts_at);
  const where = spotName(d.meeting_point);
  const href = absoluteUrl(sessionPath(d.occurrence_id));
  const line = (text: string) => <Text style={textStyle}>{text}</Text>;
  switch (n.kind) {
    case "session_offer": {
      const o = n.data;
      const subject = `A place is free: ${o.title}, ${when}`;
      const text =
        o.offer_kind === "open"
          ? `A place just came free and everyone on the waitlist has been told at once: the first to take it gets it.`
          : `A place came free and it is held for you until ${formatSessionStart(o.offer_expires_at)}. Take it or let it go to the next athlete.`;
      return {
        subject,
        frame: frame({
          preview: text,
          heading: subject,
          action: { label: "Take the place", href },
          reason: updatesReason,
          unsubscribeLabel: updatesLabel,
        }),
        body: (
          <>
            {hi}
            {line(text)}
            {line(`${o.title}: ${when} at ${where}.`)}
          </>
        ),
      };
    }
    case "session_change": {
      const c = n.data;
      const weather = c.reason === "weather";
      const subject =
        c.what === "on"
          ? `Still on: ${c.title}, ${when}`
          : c.what === "moved"
            ? `Moved${weather ? " for the weather" : ""}: ${c.title}, now ${when}`
            : `Cancelled${weather ? " for the weather" : ""}: ${c.title}, ${when}`;
      const text =
        c.what === "on"
          ? `The host checked the weather: the session goes ahead at ${where}.`
          : c.what === "moved"
            ? `The session is now ${when} at ${where}${c.meeting_note ? ` (${c.meeting_note})` : ""}.`
            : c.reason === "host_left" || c.reason === "removed"
              ? "The session is cancelled: its host is no longer on Noosa Tri Teams."
              : c.reason === "moderator"
                ? "The session is cancelled and no longer listed."
                : weather
                  ? "The host cancelled it for the weather. Stay dry, and see you at the next one."
                  : "The host cancelled this date.";
      return {
        subject,
        frame: frame({
          preview: text,
          heading: subject,
          action:
            c.what === "cancelled"
              ? { label: "Find another session", href: absoluteUrl("/sessions") }
              : { label: "See the session", href },
          reason: updatesReason,
          unsubscribeLabel: updatesLabel,
        }),
        body: (
          <>
            {hi}
            {line(text)}
          </>
        ),
      };
    }
    case "session_reminder": {
      const r = n.data;
      const subject = `Tomorrow: ${r.title}, ${when}`;
      const text = `You're going. Meet at ${where}${r.meeting_note ? ` (${r.meeting_note})` : ""}. Can't make it? Leave the session so the next athlete gets your place.`;
      return {
        subject,
        frame: frame({
          preview: text,
          heading: subject,
          action: { label: "See the session", href },
          reason: "you're going to this session and have session reminders on",
          unsubscribeLabel: remindersLabel,
        }),
        body: (
          <>
            {hi}
            {line(text)}
          </>
        ),
      };
    }
    case "session_summary": {
      const s = n.data;
      const subject = `Tomorrow you host ${s.title}: ${s.going} of ${s.places} going`;
      const text = `${s.going} going${s.waiting ? `, ${s.waiting} on the waitlist` : ""}${s.late_cancels ? `, ${s.late_cancels} late cancellation${s.late_cancels === 1 ? "" : "s"}` : ""}.`;
      return {
        subject,
        frame: frame({
          preview: text,
          heading: subject,
          action: { label: "Open your session", href },
          reason: "you host this session and have session reminders on",
          unsubscribeLabel: remindersLabel,
        }),
        body: (
          <>
            {hi}
            {line(`${when} at ${where}. ${text}`)}
            {s.names.length ? line(`Going: ${s.names.join(", ")}.`) : null}
          </>
        ),
      };
    }
  }
}
