import { afterAll, describe, expect, it } from "vitest";
import { adminSql, makeAthlete, dropAthletes, type Athlete } from "@/test/fixtures/athletes";
import { hasVisibleText, isSafeText } from "./text";

// docs/product.md#text: the SQL rule (private.is_safe_text, in every CHECK on user-written text) refuses what
// the forms refuse (lib/validation/text.ts), character for character.
const admin = adminSql();
const made: Athlete[] = [];
afterAll(async () => {
  await dropAthletes(admin, made);
  await admin.end();
});

const sqlSafe = async (value: string, multiline: boolean) =>
  (await admin<{ ok: boolean }[]>`select private.is_safe_text(${value}, ${multiline}) as ok`)[0]!.ok;

describe("private.is_safe_text", () => {
  // Every code point but the surrogates and NUL (which text cannot hold), between letters ("a?b") and on its
  // own ("?", where only the visibility rule and the ends decide), in NFC. Postgres answers with the refused
  // code points as ranges, one query per plane, so the 3.3 million checks take seconds, not minutes.
  const planes = Array.from({ length: 17 }, (_, plane): [number, number] => [
    Math.max(1, plane << 16),
    (plane << 16) | 0xffff,
  ]);
  const isSurrogate = (cp: number) => cp >= 0xd800 && cp <= 0xdfff;

  async function refusedBySql(form: "between" | "alone", multiline: boolean): Promise<Set<number>> {
    const refused = new Set<number>();
    const value = form === "between" ? admin`'a' || chr(cp) || 'b'` : admin`chr(cp)`;
    const runs = await Promise.all(
      planes.map(
        ([from, to]) => admin<{ first: number; last: number }[]>`
          select min(cp) as first, max(cp) as last
          from (select cp, cp - row_number() over (order by cp) as run
                from generate_series(${from}::int, ${to}::int) g(cp)
                where cp not between 55296 and 57343
                  and not private.is_safe_text(normalize(${value}, nfc), ${multiline})) refused
          group by run`,
      ),
    );
    for (const { first, last } of runs.flat()) for (let cp = first; cp <= last; cp++) refused.add(cp);
    return refused;
  }

  /** The forms' rule on a value as it arrives: stored as typed (trimmed, NFC), nothing visible is empty. */
  const formsAccept = (value: string, multiline: boolean) =>
    value === value.trim() && (value === "" || hasVisibleText(value)) && isSafeText(value, multiline);

  it.each([
    ["between", false],
    ["between", true],
    ["alone", true],
  ] as const)(
    "agrees with the forms on every code point (%s letters, multiline %s)",
    async (form, multiline) => {
      const refused = await refusedBySql(form, multiline);
      const differ: string[] = [];
      for (const [from, to] of planes) {
        for (let cp = from; cp <= to; cp++) {
          if (isSurrogate(cp)) continue;
          const ch = String.fromCodePoint(cp);
          const value = (form === "between" ? `a${ch}b` : ch).normalize("NFC");
          if (formsAccept(value, multiline) === refused.has(cp)) differ.push(cp.toString(16));
        }
      }
      expect(differ).toEqual([]);
    },
    60_000,
  );

  it("refuses the named invisible characters and a value with nothing visible, keeps emoji", async () => {
    const invisible = [
      "\u00ad",
      "\u115f",
      "\u1160",
      "\u3164",
      "\uffa0",
      "\u2800",
      "\ufffc",
      "\u034f",
      "\u180e",
      "\ufe00",
      "\u{e0041}",
    ];
    for (const ch of invisible) {
      expect(await sqlSafe(`Mia${ch}Smith`, false), ch).toBe(false);
      expect(await sqlSafe(`Swim${ch} run`, true), ch).toBe(false);
      expect(await sqlSafe(`${ch}${ch}${ch}`, true), ch).toBe(false);
    }
    // Look blank: formats, a null notehead, lone combining marks, private-use and unassigned code points.
    for (const ch of [
      "\u{1d159}",
      "\ufff9",
      "\ufffb",
      "\u{13430}",
      "\u{16fe4}",
      "\u0301",
      "\ue000",
      "\u0378",
    ]) {
      expect(await sqlSafe(`${ch}${ch}`, false), ch).toBe(false);
      expect(await sqlSafe(`${ch} ${ch}`, true), ch).toBe(false);
    }
    expect(await sqlSafe("Mia \ue000", false)).toBe(true);
    expect(await sqlSafe("Rene\u0301e", false)).toBe(false); // not NFC: the forms store "Renée"
    expect(await sqlSafe("Ngữ ม้า 李", false)).toBe(true);
    expect(await sqlSafe("\u200d\u200d", true)).toBe(false);
    expect(await sqlSafe("\ufe0fMia", false)).toBe(false);
    expect(await sqlSafe("Go 🏃‍♀️ 🏳️‍🌈 ❤️", true)).toBe(true);
    expect(await sqlSafe("Dawn Patrol ☀️", false)).toBe(true);
    expect(await sqlSafe("", false)).toBe(true);
  });

  it("a profile named only with Hangul fillers, or a message of braille blanks, is refused by the CHECKs", async () => {
    const a = await makeAthlete(admin, { isPublic: true, name: "Checked Name" });
    const b = await makeAthlete(admin, { isPublic: true, name: "Other Name" });
    made.push(a, b);
    await expect(
      admin`update public.profiles set full_name = ${"\u3164\u3164\u3164"} where id = ${a.profileId}`,
    ).rejects.toMatchObject({ code: "23514" });
    await expect(
      admin`update public.profiles set full_name = ${"Mia\u00adSmith"} where id = ${a.profileId}`,
    ).rejects.toMatchObject({ code: "23514" });
    // U+FFFC, what rich-text editors leave where an image was: drawn as nothing or a box.
    await expect(
      admin`update public.profiles set full_name = ${"\ufffc\ufffc\ufffc"} where id = ${a.profileId}`,
    ).rejects.toMatchObject({ code: "23514" });
    const [c] = await admin<
      { id: string }[]
    >`select private.ensure_conversation(${a.profileId}, ${b.profileId}) as id`;
    await expect(
      admin`insert into public.messages (conversation_id, sender_id, content) values (${c!.id}, ${a.profileId}, ${"\u2800\u2800"})`,
    ).rejects.toMatchObject({ code: "23514" });
  });

  it("every existing row (the seed) still passes every CHECK that uses the rule", async () => {
    const checks = await admin<{ tbl: string; name: string; expr: string }[]>`
      select con.conrelid::regclass::text as tbl, con.conname as name,
             regexp_replace(pg_get_constraintdef(con.oid), '^CHECK \\((.*)\\)( NOT VALID)?$', '\\1') as expr
      from pg_constraint con where con.contype = 'c' and pg_get_constraintdef(con.oid) like '%is_safe_text%'`;
    // Profiles, teams, messages, team invitations…: at least the eight there were when this was written.
    expect(checks.length).toBeGreaterThanOrEqual(8);
    const seeded = await admin<{ n: number }[]>`select count(*)::int as n from public.profiles`;
    expect(seeded[0]!.n).toBeGreaterThan(5);
    const failing: string[] = [];
    for (const c of checks) {
      const [row] = await admin.unsafe<{ n: number }[]>(
        `select count(*)::int as n from ${c.tbl} where not (${c.expr})`,
      );
      if (row!.n > 0) failing.push(`${c.tbl}.${c.name}: ${row!.n}`);
    }
    expect(failing).toEqual([]);
  });
});
