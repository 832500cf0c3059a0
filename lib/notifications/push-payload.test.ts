import { describe, expect, it } from "vitest";
import { pushPayload } from "./push-payload";

const base = {
  id: "7",
  claim_token: "t",
  attempts: 1,
  recipient_id: "p1",
  to_email: "mia@example.com",
  recipient_name: "Mia Chen",
};

describe("pushPayload", () => {
  it("says what the e-mail says: subject, preview line, the button's page; nothing of the recipient", () => {
    const payload = pushPayload({
      ...base,
      kind: "message",
      data: {
        conversation_id: "c1",
        sender_name: "Jack Thompson",
        count: 2,
        excerpt: "See you at 5:30",
        truncated: true,
      },
    });
    expect(payload).toEqual({
      title: "Jack Thompson sent you 2 messages",
      body: "See you at 5:30…",
      url: "/messages?c=c1",
      tag: "message:c1",
    });
    expect(JSON.stringify(payload)).not.toMatch(/mia|Mia/);
  });

  it("a team chat message opens the team's chat; one notification per team", () => {
    expect(
      pushPayload({
        ...base,
        kind: "team_chat",
        data: {
          team_id: "t1",
          team_name: "Dawn",
          sender_name: "Jack Thompson",
          count: 1,
          excerpt: "Bikes racked?",
          truncated: false,
        },
      }),
    ).toEqual({
      title: "Jack Thompson wrote in Dawn's chat",
      body: "Bikes racked?",
      url: "/messages?team=t1",
      tag: "team_chat:t1",
    });
  });

  it("two athletes asking to join one team are two notifications, each opening its request", () => {
    const ask = (member: string, name: string) =>
      pushPayload({
        ...base,
        kind: "join_request",
        data: {
          team_id: "t1",
          team_name: "Dawn",
          requester_name: name,
          requester_username: "x",
          role: "runner",
          experience_level: "advanced",
          member_id: member,
        },
      });
    const [first, second] = [ask("m1", "Noah Williams"), ask("m2", "Kai Lee")];
    expect(first).toMatchObject({
      title: "Noah Williams wants to join Dawn",
      url: "/teams/t1/requests/m1",
      tag: "join_request:m1",
    });
    expect(second.tag).toBe("join_request:m2");
  });

  it("an urgent alert and a closed team", () => {
    expect(
      pushPayload({
        ...base,
        kind: "urgent_alert",
        data: {
          team_id: "t1",
          team_name: "Dawn",
          role: "runner",
          urgent_by: "2026-11-29",
          location: "Noosa",
        },
      }),
    ).toEqual({
      title: "Urgent: Dawn needs a runner by Sun, 29 Nov",
      body: "A relay team needs your leg in Noosa.",
      url: "/teams/t1",
      tag: "urgent_alert:t1",
    });
    expect(pushPayload({ ...base, kind: "team_closed", data: { team_name: "Dawn" } })).toMatchObject({
      title: "Dawn is closed",
      url: "/browse",
      tag: "team_closed:7",
    });
  });
});
