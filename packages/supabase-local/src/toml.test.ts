import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, projectRoot } from "./config.ts";
import { parseToml, TomlError } from "./toml.ts";

describe("parseToml", () => {
  it("reads tables, scalars, comments and multi-line arrays", () => {
    const doc = parseToml(`
# comment
project_id = "x" # trailing
[auth]
site_url = "http://a#b"
jwt_expiry = 3_600
ratio = 1.5
on = true
urls = [
  "a", # first
  'b',
]
[auth.email.template.recovery]
subject = "Say \\"hi\\"\\n"
`);
    expect(doc).toEqual({
      project_id: "x",
      auth: {
        site_url: "http://a#b",
        jwt_expiry: 3600,
        ratio: 1.5,
        on: true,
        urls: ["a", "b"],
        email: { template: { recovery: { subject: 'Say "hi"\n' } } },
      },
    });
  });

  it("reports what it cannot read with the line number", () => {
    expect(() => parseToml("a = 1\nb = nope")).toThrow(new TomlError("line 2: unsupported value nope"));
    expect(() => parseToml('a = "open')).toThrow(/line 1: unterminated string/);
    expect(() => parseToml("a = 1\na = 2")).toThrow(/duplicate key a/);
    expect(() => parseToml("just words")).toThrow(/expected key = value/);
  });

  it("reads the project's config.toml into the stand-in's settings", () => {
    const raw = parseToml(readFileSync(path.join(projectRoot, "supabase/config.toml"), "utf8"));
    const config = loadConfig();
    expect((raw.db as { major_version: number }).major_version).toBe(17);
    expect(config.apiPort).toBe(54321);
    expect(config.dbPort).toBe(54322);
    expect(config.auth.site_url).toBe("http://127.0.0.1:3000");
    expect(config.auth.jwt_expiry).toBe(3600);
    expect(config.auth.templates.recovery?.contentPath).toBe(
      path.join(projectRoot, "supabase/templates/recovery.html"),
    );
  });
});
