import { describe, expect, it } from "vitest";
import { verifyInterestToken } from "./interest-token";
import { renderNotification } from "./render";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

const key = Buffer.from("render-test-key");
const base = { id: "7", claim_token: "00000000-0000-4000-8000-000000000000", attempts: 1 };

describe("the register-interest and closed-team e-mails", () => {
  it("a register-interest confirmation: a signed link to the confirm page, no unsubscribe", async () => {
    const requestId = "3f1c2a9e-8d7b-4c6a-9e5f-0a1b2c3d4e5f";
    const mail = await renderNotification(
      {
        ...base,
        kind: "interest_confirm",
        recipient_id: null,
        to_email: "sam@example.com",
        recipient_name: "Sam Lee",
        data: {
          request_id: requestId,
          name: "Sam Lee",
          specialty: "cyclist",
          expires_at: "2026-11-27T03:00:00Z",
        },
      },
      key,
    );
    expect(mail.to).toBe("sam@example.com");
    expect(mail.subject).toBe("Confirm your Register Interest details");
    expect(mail.text).toContain("Hi Sam,");
    expect(mail.text).toContain("needs a cyclist");
    expect(mail.text).toContain("48 hours");
    expect(mail.headers).toEqual({});
    const link = /https:\/\/\S+\/register-interest\/confirm\?token=[^\s\]"]+/.exec(mail.text)![0];
    expect(verifyInterestToken(new URL(link).searchParams.get("token"), key)).toBe(requestId);
    expect(mail.html).not.toContain("/unsubscribe");
  });

  it("a team closed by its creator's deletion: names the team, unsubscribes from decision e-mails", async () => {
    const mail = await renderNotification(
      {
        ...base,
        kind: "team_closed",
        recipient_id: "e0000000-0000-4000-8000-000000000001",
        to_email: "mia@example.com",
        recipient_name: "Mia Thompson",
        data: { team_name: "Dawn Patrol" },
      },
      key,
    );
    expect(mail.subject).toBe("Dawn Patrol is closed");
    expect(mail.text).toContain("its creator deleted their account");
    const url = /^<(https:\/\/.+)>$/.exec(mail.headers["List-Unsubscribe"]!)![1]!;
    expect(verifyUnsubscribeToken(new URL(url).searchParams.get("token"), key)).toEqual({
      profileId: "e0000000-0000-4000-8000-000000000001",
      kind: "decision",
    });
  });
});
