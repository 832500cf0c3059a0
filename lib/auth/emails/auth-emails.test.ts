import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { authEmails, renderAuthEmail, type AuthEmailKind } from "./auth-emails";

const templates = join(process.cwd(), "supabase", "templates");
const config = readFileSync(join(process.cwd(), "supabase", "config.toml"), "utf8");

describe("auth e-mail templates (supabase/templates)", () => {
  for (const kind of Object.keys(authEmails) as AuthEmailKind[]) {
    const { file, subject } = authEmails[kind];
    it(`${file} is the branded ${kind} e-mail, named in config.toml with its subject`, async () => {
      const html = await renderAuthEmail(kind);
      if (process.env.UPDATE_AUTH_EMAILS === "1") writeFileSync(join(templates, file), html);
      expect(readFileSync(join(templates, file), "utf8")).toBe(html);
      const section = config.split(`[auth.email.template.${kind}]`)[1]?.split("\n[")[0] ?? "";
      expect(section).toContain(`subject = ${JSON.stringify(subject)}`);
      expect(section).toContain(`content_path = "./supabase/templates/${file}"`);
      // Branded as the notification e-mails, and the link and code Auth fills in are there.
      expect(html).toContain("Noosa Tri Teams");
      expect(html).toContain("{{ .Token }}");
      // Hosted Auth gives every template .TokenHash (for an e-mail change, that of the address it goes to);
      // there is no .TokenHashNew, which would print "<no value>".
      expect(html).toMatch(
        /href="\{\{ if eq \.RedirectTo \.SiteURL \}\}[^"]*&token_hash=\{\{ \.TokenHash \}\}&type=/,
      );
      expect(html).not.toContain("TokenHashNew");
    });
  }
});
