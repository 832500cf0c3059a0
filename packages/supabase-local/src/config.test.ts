import { describe, expect, it } from "vitest";
import { durationSeconds, loadConfig } from "./config.ts";

describe("config", () => {
  it("reads Go durations as the CLI writes them", () => {
    expect(durationSeconds("60s", 1)).toBe(60);
    expect(durationSeconds("1m", 1)).toBe(60);
    expect(durationSeconds("1m30s", 1)).toBe(90);
    expect(durationSeconds("1h", 1)).toBe(3600);
    expect(durationSeconds("500ms", 1)).toBe(0.5);
    for (const bad of ["", "60", "soon", "-5s", 60]) expect(durationSeconds(bad, 7)).toBe(7);
  });

  it("uses hosted Supabase's 60 s between e-mails to one address (docs/security.md#rate-limits)", () => {
    expect(loadConfig().auth.email_max_frequency).toBe(60);
  });
});
