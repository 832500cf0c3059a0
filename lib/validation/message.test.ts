import { describe, expect, it } from "vitest";
import { messageContent, sendMessageSchema } from "./message";

const id = "11111111-1111-4111-8111-111111111111";

describe("message content", () => {
  it("trims and keeps newlines", () => {
    expect(messageContent.parse("  hi\nthere \r\n")).toBe("hi\nthere");
  });

  it("refuses empty and whitespace-only text", () => {
    expect(messageContent.safeParse("").success).toBe(false);
    expect(messageContent.safeParse(" \n\t ").error?.issues[0]?.message).toBe("Message can't be empty");
  });

  it("allows exactly 2,000 characters (emoji count once) and refuses 2,001", () => {
    expect(messageContent.safeParse("🏊".repeat(2000)).success).toBe(true);
    expect(messageContent.safeParse("a".repeat(2001)).error?.issues[0]?.message).toBe(
      "Message must be at most 2000 characters",
    );
  });

  it("refuses control and hidden characters but keeps HTML as plain text", () => {
    expect(messageContent.safeParse("bell\u0007").success).toBe(false);
    expect(messageContent.safeParse("rtl \u202e override").success).toBe(false);
    expect(messageContent.parse("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
  });
});

describe("send input", () => {
  it("needs ids as UUIDs and no unknown keys", () => {
    expect(sendMessageSchema.safeParse({ id, conversationId: id, content: "hi" }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ id: "x", conversationId: id, content: "hi" }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ id, conversationId: id, content: "hi", read: true }).success).toBe(
      false,
    );
  });
});
