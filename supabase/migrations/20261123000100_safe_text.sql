-- Text that people see (names, titles, messages) must look like what it is. One rule, mirrored by
-- lib/validation/text.ts, used by every CHECK on user-written text:
--   * stored in Unicode NFC, so two spellings of "é" are one string;
--   * no leading or trailing white space (the forms trim);
--   * no control characters (C0, DEL, C1, the line/paragraph separators), except newline in multi-line text;
--   * no bidirectional overrides, isolates or marks, which can make text read backwards (impersonation,
--     spoofed links);
--   * no invisible characters: zero-width space, word joiner, BOM, Mongolian vowel separator.
--     The zero-width joiner and non-joiner are refused in one-line text (names, titles), where they only
--     serve to make look-alikes, and allowed in multi-line text, where emoji sequences (🏃‍♀️) and
--     scripts such as Persian need them.
-- Lengths are checked beside it with char_length (code points), as the forms count.

create or replace function private.is_safe_text(value text, multiline boolean default false)
returns boolean language sql immutable parallel safe as $$
  select value is nfc normalized
     and value !~ '^[[:space:]]|[[:space:]]$'
     and value !~ case
       when multiline then '[\x01-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff\u180e]'
       else '[\x01-\x1f\x7f-\x9f\u2028\u2029\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u180e]'
     end
$$;

comment on function private.is_safe_text(text, boolean) is
  'True when text is NFC, trimmed, and free of control, bidi-override and invisible characters (see lib/validation/text.ts).';
