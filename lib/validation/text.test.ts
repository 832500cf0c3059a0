import { describe, expect, it } from "vitest";
import { charCount, defaultIgnorable, hasVisibleText, isSafeText, normaliseText, safeText } from "./text";

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

// docs/product.md#text: soft hyphens, Hangul fillers, braille blanks and the like passed, and a name made
// only of them was saved and looked blank.
describe("invisible characters (Default_Ignorable_Code_Point and braille blank)", () => {
  const invisible = [
    ["soft hyphen", "\u00ad"],
    ["combining grapheme joiner", "\u034f"],
    ["Arabic letter mark", "\u061c"],
    ["Hangul choseong filler", "\u115f"],
    ["Hangul jungseong filler", "\u1160"],
    ["Khmer inherent vowel", "\u17b4"],
    ["Mongolian free variation selector", "\u180b"],
    ["Mongolian vowel separator", "\u180e"],
    ["zero-width space", "\u200b"],
    ["word joiner", "\u2060"],
    ["invisible times", "\u2062"],
    ["inhibit symmetric swapping", "\u206a"],
    ["Hangul filler", "\u3164"],
    ["variation selector 1", "\ufe00"],
    ["BOM", "\ufeff"],
    ["halfwidth Hangul filler", "\uffa0"],
    ["unassigned ignorable U+FFF0", "\ufff0"],
    ["shorthand format control", "\u{1bca0}"],
    ["musical begin beam", "\u{1d173}"],
    ["tag space", "\u{e0020}"],
    ["cancel tag", "\u{e007f}"],
    ["variation selector 17", "\u{e0100}"],
    ["braille blank", "\u2800"],
    ["object replacement character", "\ufffc"],
  ] as const;
  const required = safeText("Full name", { min: 2, max: 100, tooLong: "Too long" });
  const optional = safeText("Location", { max: 100, tooLong: "Too long" });

  it.each(invisible)("refuses %s inside one-line and multi-line text", (_, ch) => {
    expect(required.safeParse(`Mia${ch}Smith`).error?.issues[0]?.message).toBe(
      "Full name must be a single line without hidden or control characters",
    );
    expect(multi.safeParse(`Swim${ch} run`).error?.issues[0]?.message).toBe(
      "Bio can't contain hidden or control characters",
    );
  });

  it.each(invisible)("treats a value made only of %s (and spaces) as empty", (_, ch) => {
    expect(normaliseText(`${ch}${ch} ${ch}`)).toBe("");
    expect(required.safeParse(`${ch}${ch}${ch}`).error?.issues[0]?.message).toBe("Full name is required");
    expect(optional.parse(` ${ch} `)).toBe("");
  });

  it("names every Default_Ignorable_Code_Point the engine knows (so the SQL list, a copy, is complete)", () => {
    const differ: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const ch = String.fromCodePoint(cp);
      if (/\p{Default_Ignorable_Code_Point}/u.test(ch) !== defaultIgnorable.test(ch))
        differ.push(cp.toString(16));
    }
    expect(differ).toEqual([]);
  });

  it("keeps emoji working: joiners in multi-line text, presentation selectors after a visible character", () => {
    for (const emoji of ["🏃‍♀️", "🏳️‍🌈", "👁️‍🗨️", "❤️", "☀︎"]) {
      expect(multi.parse(`Go ${emoji}`)).toBe(`Go ${emoji}`);
    }
    expect(required.parse("Dawn Patrol ☀️")).toBe("Dawn Patrol ☀️");
    // A selector with nothing before it, after a space or doubled is refused; joiners stay out of one-liners.
    for (const bad of ["\ufe0fMia", "Mia \ufe0f", "Mia ❤\ufe0f\ufe0f", "Mi\u200da"]) {
      expect(isSafeText(bad)).toBe(false);
    }
    expect(isSafeText("\ufe0f", true)).toBe(false);
    expect(normaliseText("\u200d\ufe0f")).toBe("");
  });
});

// A name of characters that draw nothing still passed: the rule listed invisible characters instead of asking
// for a visible one. Visible now means a letter, number, punctuation or symbol (General_Category L, N, P, S)
// that is not one of the invisible ones above; formats, controls, private-use, unassigned code points and
// combining marks on their own do not count.
describe("a value must show something", () => {
  const required = safeText("Full name", { min: 2, max: 100, tooLong: "Too long" });
  const blankLooking = [
    ["musical symbol null notehead", "\u{1d159}"],
    ["object replacement character", "\ufffc"],
    ["interlinear annotation anchor", "\ufff9"],
    ["interlinear annotation separator", "\ufffa"],
    ["interlinear annotation terminator", "\ufffb"],
    ["Egyptian hieroglyph vertical joiner", "\u{13430}"],
    ["Khitan small script filler", "\u{16fe4}"],
    ["combining acute accent", "\u0301"],
    ["combining enclosing circle", "\u20dd"],
    ["private use U+E000", "\ue000"],
    ["private use plane 15", "\u{f0000}"],
    ["unassigned U+0378", "\u0378"],
    ["unassigned plane 3", "\u{3ffff}"],
  ] as const;

  it.each(blankLooking)("treats a value made only of %s (and spaces) as empty", (_, ch) => {
    expect(normaliseText(`${ch}${ch} ${ch}`)).toBe("");
    expect(required.safeParse(`${ch}${ch}${ch}`).error?.issues[0]?.message).toBe("Full name is required");
  });

  it("refuses format characters and the null notehead inside text too (they hide, like the others)", () => {
    for (const ch of ["\ufff9", "\ufffb", "\u{13430}", "\u{1343f}", "\u0600", "\u{110bd}", "\u{1d159}"]) {
      expect(isSafeText(`Mia${ch}Smith`), ch.codePointAt(0)!.toString(16)).toBe(false);
      expect(isSafeText(`Swim${ch} run`, true), ch.codePointAt(0)!.toString(16)).toBe(false);
    }
  });

  it("keeps names in any script, with their accents, and symbols people write", () => {
    for (const name of [
      "Zoë",
      "Renée",
      "O'Brien",
      "李小龍",
      "Ngữ",
      "ม้า",
      "Ⅻ Ⅸ",
      "¿Qué?",
      "🏊🚴🏃",
      "Rene\u0301e",
    ]) {
      expect(required.safeParse(name).success, name).toBe(true);
    }
    // Something visible beside them: private-use and combining marks do not make it blank.
    expect(required.safeParse("Mia \ue000").success).toBe(true);
  });

  it("counts as visible exactly the engine's L, N, P and S minus the invisible characters", () => {
    const category = /[\p{L}\p{N}\p{P}\p{S}]/u;
    const differ: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      const expected =
        category.test(ch) &&
        !/\p{Default_Ignorable_Code_Point}/u.test(ch) &&
        ![0x2800, 0x1d159, 0xfffc].includes(cp);
      if (hasVisibleText(ch) !== expected) differ.push(cp.toString(16));
    }
    // The visible ranges are generated from one Unicode version for the forms and SQL alike; a different
    // version in this engine shows here (regenerate: node scripts/generate-visible-chars.ts).
    expect(differ).toEqual([]);
  });
});
