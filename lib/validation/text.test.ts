import { describe, expect, it } from "vitest";
import { charCount, isSafeText, normaliseText, safeText } from "./text";

const field = safeText("Name", { min: 2, max: 5, tooLong: "Too long" });
const multi = safeText("Bio", { max: 20, tooLong: "Too long" }, { multiline: true });

describe("safeText", () => {
  it("normalises to NFC and trims before counting", () => {
    // "é" as e + combining acute: two code points before NFC, one after.
    expect(field.parse("  Re\u0301ne ")).toBe("Réne");
    expect(charCount(field.parse("Re\u0301ne"))).toBe(4);
  });

  it("turns Windows line ends into newlines in multi-line text", () => {
    expect(multi.parse("a\r\nb\rc")).toBe("a\nb\nc");
  });

  it.each([
    ["BEL", "ab\u0007c"],
    ["ESC", "ab\u001bc"],
    ["DEL", "ab\u007fc"],
    ["C1", "ab\u0085c"],
    ["NUL", "ab\u0000c"],
    ["tab", "ab\tc"],
    ["newline", "ab\nc"],
    ["right-to-left override", "ab\u202ec"],
    ["isolate", "ab\u2067c"],
    ["RLM", "ab\u200fc"],
    ["zero-width space", "ab\u200bc"],
    ["zero-width joiner", "ab\u200dc"],
    ["word joiner", "ab\u2060c"],
    ["BOM", "ab\ufeffc"],
    ["line separator", "ab\u2028c"],
  ])("refuses %s in one-line text", (_, value) => {
    const result = field.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      "Name must be a single line without hidden or control characters",
    );
  });

  it("allows newlines and emoji sequences in multi-line text, still refusing controls and overrides", () => {
    expect(multi.parse("Run 🏃‍♀️\nSwim")).toBe("Run 🏃‍♀️\nSwim");
    expect(multi.safeParse("ab\u0007c").success).toBe(false);
    expect(multi.safeParse("ab\u202ec").success).toBe(false);
    expect(multi.safeParse("ab\u200bc").success).toBe(false);
  });

  it("counts code points for the limits", () => {
    expect(field.safeParse("a").error?.issues[0]?.message).toBe("Name is required");
    expect(field.parse("🏊🚴🏃")).toBe("🏊🚴🏃");
    expect(field.safeParse("abcdef").error?.issues[0]?.message).toBe("Too long");
  });

  it("exposes the same rule for plain checks", () => {
    expect(isSafeText(normaliseText(" ok "))).toBe(true);
    expect(isSafeText("a\nb")).toBe(false);
    expect(isSafeText("a\nb", true)).toBe(true);
  });
});
