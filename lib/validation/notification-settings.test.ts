import { describe, expect, it } from "vitest";
import { notificationSettingsSchema, settingsFromForm } from "./notification-settings";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};

describe("notification settings from the form", () => {
  it("a ticked box is on, a missing one off", () => {
    expect(notificationSettingsSchema.parse(settingsFromForm(form([["messages", "on"]])))).toEqual({
      join_requests: false,
      decisions: false,
      messages: true,
      urgent_alerts: false,
      session_updates: false,
      session_reminders: false,
    });
  });

  it("ignores React's action fields and refuses any other", () => {
    expect(
      notificationSettingsSchema.safeParse(settingsFromForm(form([["$ACTION_ID_abc", ""]]))).success,
    ).toBe(true);
    expect(notificationSettingsSchema.safeParse(settingsFromForm(form([["profile_id", "x"]]))).success).toBe(
      false,
    );
  });

  it("refuses non-booleans and extra keys", () => {
    expect(notificationSettingsSchema.safeParse({ join_requests: "yes" }).success).toBe(false);
    expect(
      notificationSettingsSchema.safeParse({
        join_requests: true,
        decisions: true,
        messages: true,
        urgent_alerts: false,
        weekly_digest: true,
      }).success,
    ).toBe(false);
  });
});
