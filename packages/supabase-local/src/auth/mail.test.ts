import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import type { AuthContext } from "./context.ts";
import { extractLinks, redirectTarget, renderTemplate } from "./mail.ts";

const config = loadConfig();
const ctx = { config: config.auth } as AuthContext;
const site = "http://127.0.0.1:3000";

describe("e-mail templates", () => {
  it("renders the production confirmation template into the contract's link", () => {
    const html = readFileSync(config.auth.templates.confirmation!.contentPath, "utf8");
    const withRedirect = renderTemplate(html, {
      SiteURL: site,
      RedirectTo: "http://127.0.0.1:3100/auth/confirm?next=/teams",
      TokenHash: "abc",
      Token: "123456",
    });
    expect(extractLinks(withRedirect)).toEqual([
      "http://127.0.0.1:3100/auth/confirm?next=/teams&token_hash=abc&type=email",
    ]);
    expect(withRedirect).toContain("123456");
    const withoutRedirect = renderTemplate(html, {
      SiteURL: site,
      RedirectTo: site,
      TokenHash: "abc",
      Token: "1",
    });
    const link = new URL(extractLinks(withoutRedirect)[0]!);
    expect(link.origin + link.pathname).toBe(`${site}/auth/confirm`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      next: "/dashboard",
      token_hash: "abc",
      type: "email",
    });
  });

  it("marks recovery links type=recovery and escapes values", () => {
    const html = readFileSync(config.auth.templates.recovery!.contentPath, "utf8");
    const out = renderTemplate(html, {
      SiteURL: site,
      RedirectTo: "http://x/?a=<b>",
      TokenHash: "h",
      Token: "1",
    });
    expect(out).toContain("&#60;b&#62;");
    expect(extractLinks(out)).toEqual(["http://x/?a=<b>&token_hash=h&type=recovery"]);
  });

  it("supports nested if/else", () => {
    const t = "{{ if .A }}a{{ if eq .B .C }}=b{{ else }}!b{{ end }}{{ else }}none{{ end }}";
    expect(renderTemplate(t, { A: "1", B: "x", C: "x" })).toBe("a=b");
    expect(renderTemplate(t, { A: "1", B: "x", C: "y" })).toBe("a!b");
    expect(renderTemplate(t, { A: "", B: "x", C: "x" })).toBe("none");
  });
});

describe("redirectTarget", () => {
  it("accepts the site and additional_redirect_urls, else falls back to the site URL", () => {
    expect(redirectTarget(ctx, undefined)).toBe(site);
    expect(redirectTarget(ctx, `${site}/`)).toBe(site);
    expect(redirectTarget(ctx, "http://127.0.0.1:3100/auth/confirm?next=/x")).toBe(
      "http://127.0.0.1:3100/auth/confirm?next=/x",
    );
    expect(redirectTarget(ctx, "http://localhost:3000/auth/confirm")).toBe(
      "http://localhost:3000/auth/confirm?",
    );
    expect(redirectTarget(ctx, "https://evil.example/auth/confirm?next=/")).toBe(site);
    expect(redirectTarget(ctx, "not a url")).toBe(site);
  });
});
