-- Issue 21, finding 4: soft hyphens, Hangul fillers, braille blanks and similar characters passed the text
-- rule in every free-text field, and a name made only of them was saved and looked blank. The rule of
-- 20261123000100_safe_text.sql, mirrored by lib/validation/text.ts (keep the two in step), now also:
--   * refuses every Default_Ignorable_Code_Point (Unicode 17, listed below rather than left to the regex
--     engine's tables, so that Postgres and the forms refuse the same characters) and the braille blank
--     U+2800, which is not one but looks like nothing. Two exceptions keep emoji working: the zero-width
--     (non-)joiners in multi-line text (🏃‍♀️; in one-line text they only make look-alikes), and the
--     presentation selectors U+FE0E/U+FE0F right after a visible character (❤️);
--   * refuses a non-empty value with no visible character (the forms store it as empty; lengths are checked
--     beside this with char_length, so an empty value is refused where one is required).
-- The CHECK constraints that call the function are not re-validated by replacing it, so the end of this
-- migration checks every existing row against them and stops, naming the constraint, if one fails: a row
-- left behind would make any later update of it (even marking a message read) fail.

create or replace function private.is_safe_text(value text, multiline boolean default false)
returns boolean language sql immutable parallel safe as $$
  select value is nfc normalized
     -- White_Space at either end (the forms trim).
     and value !~ '^[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]|[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$'
     and value !~ case
       when multiline then
         '[\x01-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0d\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff\u2800]'
       else
         '[\x01-\x1f\x7f-\x9f\u2028\u2029\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0d\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff\u2800]'
     end
     -- A presentation selector with nothing visible before it.
     and value !~ '(^|[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\u200c\u200d\ufe0e\ufe0f])[\ufe0e\ufe0f]'
     -- Something visible, unless empty.
     and (value = '' or value ~ '[^\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff\u2800]')
$$;

comment on function private.is_safe_text(text, boolean) is
  'True when text is NFC, trimmed, visible when not empty, and free of control, bidi-override and invisible (Default_Ignorable_Code_Point, U+2800) characters (see lib/validation/text.ts).';

-- Every existing row still passes every CHECK that uses the rule (the seed does; a hosted database with a
-- row that does not is named here, to be cleaned before this migration is pushed again).
do $$
declare
  c record;
  bad bigint;
  failures text[] := '{}';
begin
  for c in
    select con.conrelid::regclass as tbl, con.conname,
           regexp_replace(pg_get_constraintdef(con.oid), '^CHECK \((.*)\)( NOT VALID)?$', '\1') as expr
    from pg_constraint con
    where con.contype = 'c' and pg_get_constraintdef(con.oid) like '%is_safe_text%'
  loop
    execute format('select count(*) from %s where not (%s)', c.tbl, c.expr) into bad;
    if bad > 0 then
      failures := failures || format('%s.%s: %s rows', c.tbl, c.conname, bad);
    end if;
  end loop;
  if cardinality(failures) > 0 then
    raise exception 'Rows that the new text rule refuses: %', array_to_string(failures, '; ')
      using hint = 'Remove the invisible characters from these rows, then apply this migration again.';
  end if;
end;
$$;
