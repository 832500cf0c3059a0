import { z } from "zod";
import "./csp-safe-zod";
import { formatRanges, visibleRanges } from "./visible-chars";

/**
 * The one rule for text people write and others read, mirrored by `private.is_safe_text` in
 * supabase/schema.sql (keep the two in step; the lists below are
 * spelled out rather than left to the engine's Unicode tables, so both sides refuse the same characters):
 * - normalised to NFC and trimmed; Windows line ends become "\n";
 * - a value with nothing visible is empty. Visible is a letter, number, punctuation or symbol
 *   (General_Category L, N, P, S, listed in visible-chars.ts) that is not one of the invisible characters
 *   below; spaces, formats, controls, private-use and unassigned code points and combining marks on their
 *   own are not;
 * - no control characters, except newline in multi-line fields, and no format characters;
 * - no bidirectional overrides, isolates or marks (text that reads backwards);
 * - no Default_Ignorable_Code_Point (soft hyphen, Hangul fillers, zero-width characters, variation selectors,
 *   tags…), no braille blank U+2800, no musical null notehead U+1D159 and no object replacement character
 *   U+FFFC, symbols that look like nothing. Two exceptions keep
 *   emoji working: the zero-width (non-)joiners in multi-line text, where emoji sequences (🏃‍♀️) and some
 *   scripts need them (in one-line text they only make look-alikes), and the emoji/text presentation
 *   selectors U+FE0E/U+FE0F right after a visible character (❤️).
 */

/** Characters as Postgres' char_length counts them (code points), so an emoji counts once on both sides. */
export const charCount = (value: string) => Array.from(value).length;

// Default_Ignorable_Code_Point (Unicode 17, DerivedCoreProperties.txt); text.test.ts compares it with the
// engine's \p{Default_Ignorable_Code_Point}. Split where the exceptions above sit.
const ignorableExceptJoinersAndSelectors =
  "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\u3164" +
  "\ufe00-\ufe0d\ufeff\uffa0\ufff0-\ufff8\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e0fff}";
const joiners = "\u200c\u200d";
const selectors = "\ufe0e\ufe0f";
export const defaultIgnorable = new RegExp(
  `[${ignorableExceptJoinersAndSelectors}${joiners}${selectors}]`,
  "u",
);
const blank = "\u2800\u{1d159}\ufffc";
const asClass = (ranges: string) =>
  ranges
    .split(",")
    .map((range) => range.replace(/[0-9a-f]+/g, (cp) => `\\u{${cp}}`))
    .join("");
// Format characters other than the Default_Ignorable ones above (interlinear annotation, hieroglyph joiners).
const format = asClass(formatRanges);
// White_Space, as String.prototype.trim and Postgres' [[:space:]] see it.
const space = "\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";
const controls = "\u0001-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029";

const unsafeInMultiLine = new RegExp(
  `[\u0000${controls}${ignorableExceptJoinersAndSelectors}${format}${blank}]`,
  "u",
);
const unsafeInSingleLine = new RegExp(
  `[\u0000\n${controls}${ignorableExceptJoinersAndSelectors}${format}${joiners}${blank}]`,
  "u",
);
// A presentation selector with nothing visible before it (start of text, after a space or another one).
const strandedSelector = new RegExp(`(^|[${space}${joiners}${selectors}])[${selectors}]`, "u");
const visible = new RegExp(`[${asClass(visibleRanges)}]`, "u");

/** True when `value` (already normalised and trimmed) passes the rule. */
export function isSafeText(value: string, multiline = false): boolean {
  return !(multiline ? unsafeInMultiLine : unsafeInSingleLine).test(value) && !strandedSelector.test(value);
}

/** True when something in `value` can be seen: a letter, number, punctuation or symbol that shows. */
export const hasVisibleText = (value: string) => visible.test(value);

/** Normalises the way the field will be stored: NFC, "\n" line ends, trimmed; nothing visible is empty. */
export function normaliseText(value: string): string {
  const text = value.normalize("NFC").replace(/\r\n?/g, "\n").trim();
  return hasVisibleText(text) ? text : "";
}

export type TextBounds = {
  min?: number;
  max: number;
  /** Message when shorter than `min` (also for an empty required field). */
  tooShort?: string;
  tooLong: string;
};

/**
 * A zod string for a user-written field: normalised, length in code points, and the rule above. The
 * messages name the field, e.g. "Team name can't contain hidden or control characters".
 */
export function safeText(
  label: string,
  { min = 0, max, tooShort, tooLong }: TextBounds,
  { multiline = false }: { multiline?: boolean } = {},
) {
  return z
    .string({ error: `${label} must be text` })
    .overwrite(normaliseText)
    .refine((v) => charCount(v) >= min, tooShort ?? `${label} is required`)
    .refine((v) => charCount(v) <= max, tooLong)
    .refine(
      (v) => isSafeText(v, multiline),
      multiline
        ? `${label} can't contain hidden or control characters`
        : `${label} must be a single line without hidden or control characters`,
    );
}
