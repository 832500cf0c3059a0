import { z } from "zod";
import "./csp-safe-zod";

/**
 * The one rule for text people write and others read, mirrored by `private.is_safe_text` in
 * supabase/migrations/*_safe_text.sql (keep the two in step):
 * - normalised to NFC and trimmed; Windows line ends become "\n";
 * - no control characters, except newline in multi-line fields;
 * - no bidirectional overrides, isolates or marks (text that reads backwards);
 * - no invisible characters. Zero-width (non-)joiners are allowed only in multi-line text, where emoji
 *   sequences and some scripts need them; in one-line text (names, titles) they only make look-alikes.
 */

/** Characters as Postgres' char_length counts them (code points), so an emoji counts once on both sides. */
export const charCount = (value: string) => Array.from(value).length;

const unsafeInMultiLine =
  /[\u0001-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff\u180e]/;
const unsafeInSingleLine =
  /[\u0001-\u001f\u007f-\u009f\u2028\u2029\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u180e]/;
const nul = /\u0000/;

/** True when `value` (already normalised and trimmed) passes the rule. */
export function isSafeText(value: string, multiline = false): boolean {
  return !nul.test(value) && !(multiline ? unsafeInMultiLine : unsafeInSingleLine).test(value);
}

/** Normalises the way the field will be stored: NFC, "\n" line ends, trimmed. */
export function normaliseText(value: string): string {
  return value.normalize("NFC").replace(/\r\n?/g, "\n").trim();
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
