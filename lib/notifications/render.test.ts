import { describe, expect, it } from "vitest";
import { renderNotification } from "./render";
import type { ClaimedNotification } from "./types";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

const key = Buffer.from("render-test-key");
const base = {
  id: "42",
  claim_token: "00000000-0000-4000-8000-000000000000",
  attempts: 1,
  recipient_id: "e0000000-0000-4000-8000-000000000001",
  to_email: "mia@example.com",
  recipient_name: "Mia Thompson",
};

const joinRequest: ClaimedNotification = {
  ...base,
  kind: "join_request",
  data: {
    team_id: "7a000000-0000-4000-8000-000000000001",
    team_name: "Noosa Heads Dawn Patrol",
    requester_name: "Noah Williams",
    requester_username: "noah_runs",
    role: "runner",
    experience_level: "intermediate",
    member_id: "3b000000-0000-4000-8000-000000000009",
  },
};

describe("renderNotification", () => {
  it("a join request: who, leg and level, an absolute link to the request itself, HTML and plain text", async () => {
    const mail = await renderNotification(joinRequest, key);
    expect(mail.subject).toBe("Noah Williams wants to join Noosa Heads Dawn Patrol");
    expect(mail.to).toBe("mia@example.com");
    expect(mail.text).toContain("Hi Mia,");
    expect(mail.text).toContain(
      "Noah Williams (@noah_runs) asked to join Noosa Heads Dawn Patrol as the runner.",
    );
    expect(mail.text).toContain("Level: Intermediate.");
    // The request's own protected page (Accept and Decline), not the public team page.
    expect(mail.text).toMatch(
      /https:\/\/[^\s\]]+\/teams\/7a000000-0000-4000-8000-000000000001\/requests\/3b000000-0000-4000-8000-000000000009/,
    );
    expect(mail.html).toContain('href="https://');
    expect(mail.html).toContain("Review the request");
    expect(mail.html).not.toContain("<script");
    expect(mail.messageId).toMatch(/^<notification-42@[\w.-]+>$/);
  });

  it("carries RFC 8058 headers whose link is a valid token for this athlete and kind", async () => {
    const mail = await renderNotification(joinRequest, key);
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = /^<(https:\/\/.+)>$/.exec(mail.headers["List-Unsubscribe"]!)![1]!;
    expect(new URL(url).pathname).toBe("/unsubscribe");
    expect(verifyUnsubscribeToken(new URL(url).searchParams.get("token"), key)).toEqual({
      profileId: base.recipient_id,
      kind: "join_request",
    });
    // The same link is in the body, with the settings page.
    expect(mail.html).toContain(url.replace(/&/g, "&amp;"));
    expect(mail.text).toContain("/settings");
  });

  it("escapes what athletes wrote", async () => {
    const mail = await renderNotification(
      { ...joinRequest, data: { ...joinRequest.data, requester_name: '<img src=x onerror="alert(1)">' } },
      key,
    );
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img");
  });

  it("a message e-mail names the sender, counts the messages and shows 140 characters at most", async () => {
    const mail = await renderNotification(
      {
        ...base,
        kind: "message",
        data: {
          conversation_id: "c0000000-0000-4000-8000-000000000001",
          sender_name: "Jack Wilson",
          count: 3,
          excerpt: "a".repeat(140),
          truncated: true,
        },
      },
      key,
    );
    expect(mail.subject).toBe("Jack Wilson sent you 3 messages");
    expect(mail.text).toContain(`${"a".repeat(140)}…`);
    expect(mail.text).toContain("/messages?c=c0000000-0000-4000-8000-000000000001");
  });

  it("a team chat's e-mail names the team and the sender, links to the chat, and unsubscribes from messages", async () => {
    const data = { team_id: "t9", team_name: "Hammers", sender_name: "Jack", excerpt: "Racking at 6", truncated: false };
    const one = await renderNotification({ ...base, kind: "team_chat", data: { ...data, count: 1 } }, key);
    expect(one.subject).toBe("Jack wrote in Hammers's chat");
    expect(one.text).toContain("Racking at 6");
    expect(one.text).toContain("/messages?team=t9");
    const many = await renderNotification({ ...base, kind: "team_chat", data: { ...data, count: 4 } }, key);
    expect(many.subject).toBe("4 new messages in Hammers's chat");
    const messageMail = await renderNotification(
      { ...base, kind: "message", data: { conversation_id: "c1", sender_name: "Jack", count: 1, excerpt: "Hi", truncated: false } },
      key,
    );
    // One switch for both kinds of message: the same unsubscribe link.
    expect(one.headers["List-Unsubscribe"]).toBe(messageMail.headers["List-Unsubscribe"]);
  });

  it("one message, a decision and an urgent alert read right", async () => {
    const one = await renderNotification(
      {
        ...base,
        kind: "message",
        data: { conversation_id: "c1", sender_name: "Jack", count: 1, excerpt: "Hi!", truncated: false },
      },
      key,
    );
    expect(one.subject).toBe("Jack sent you a message");
    expect(one.text).not.toContain("…");
    const declined = await renderNotification(
      { ...base, kind: "decision", data: { team_id: "t1", team_name: "Hammers", decision: "declined" } },
      key,
    );
    expect(declined.subject).toBe("Hammers declined your request");
    expect(declined.text).toContain("/browse");
    const accepted = await renderNotification(
      { ...base, kind: "decision", data: { team_id: "t1", team_name: "Hammers", decision: "accepted" } },
      key,
    );
    expect(accepted.subject).toBe("You're in: Hammers accepted your request");
    expect(accepted.text).toContain("you're no longer listed as looking for one");
    expect(accepted.text).toContain("Keep me listed");
    const urgent = await renderNotification(
      {
        ...base,
        kind: "urgent_alert",
        data: {
          team_id: "t2",
          team_name: "Pace Setters",
          role: "runner",
          urgent_by: "2026-11-27",
          location: "Peregian",
        },
      },
      key,
    );
    expect(urgent.subject).toBe("Urgent: Pace Setters needs a runner by Fri, 27 Nov");
    expect(urgent.text).toContain("Stop urgent leg alerts");
  });
  it("an invitation: the team, the leg, its place and urgent need, the team page, the join-request switch", async () => {
    const invitation: ClaimedNotification = {
      ...base,
      kind: "invitation",
      data: {
        team_id: "7a000000-0000-4000-8000-000000000002",
        team_name: "Pace Setters",
        role: "runner",
        location: "Peregian Beach",
        inviter_name: "Jack Wilson",
        urgent_role: "runner",
        urgent_by: "2026-11-27",
      },
    };
    const mail = await renderNotification(invitation, key);
    expect(mail.subject).toBe("Pace Setters invites you to join as the runner");
    expect(mail.text).toContain("Hi Mia,");
    expect(mail.text).toContain(
      "Jack Wilson, the creator of Pace Setters, invites you to join the team as the runner. " +
        "The team is based in Peregian Beach.",
    );
    expect(mail.text).toContain("The team urgently needs a runner by Fri, 27 Nov.");
    expect(mail.text).toMatch(/https:\/\/[^\s\]]+\/teams\/7a000000-0000-4000-8000-000000000002/);
    expect(mail.html).toContain("Accept or decline");
    expect(mail.text).toContain("Stop e-mails about join requests and invitations");
    const url = /^<(https:\/\/.+)>$/.exec(mail.headers["List-Unsubscribe"]!)![1]!;
    expect(verifyUnsubscribeToken(new URL(url).searchParams.get("token"), key)).toEqual({
      profileId: base.recipient_id,
      kind: "join_request",
    });

    // A private creator is not named, and no place or urgent need means no sentence for them.
    const plain = await renderNotification(
      {
        ...invitation,
        data: { ...invitation.data, inviter_name: null, location: null, urgent_role: null, urgent_by: null },
      },
      key,
    );
    expect(plain.text).toContain("Pace Setters invites you to join the team as the runner.");
    expect(plain.text + plain.html).not.toContain("Jack");
    expect(plain.text).not.toContain("based in");
    expect(plain.text).not.toContain("urgently");
  });
  it("a removed photo: why, the way to a new one and the terms, with no switch or unsubscribe to offer", async () => {
    const mail = await renderNotification({ ...base, kind: "photo_removed", data: { reason: "inappropriate" } }, key);
    expect(mail.subject).toBe("Your profile photo was removed");
    expect(mail.text).toContain("Hi Mia,");
    expect(mail.text).toContain(
      "A moderator removed your profile photo because it was reported (offensive or inappropriate).",
    );
    expect(mail.text).toContain("You can upload another one that follows our terms of service");
    expect(mail.text).toMatch(/https:\/\/[^\s\]]+\/terms-of-service/);
    expect(mail.text).toMatch(/https:\/\/[^\s\]]+\/edit-profile#photo/);
    expect(mail.headers).toEqual({});
    expect(mail.html).not.toContain("/unsubscribe");
    expect(mail.html).not.toContain("E-mail settings");
  });
});
