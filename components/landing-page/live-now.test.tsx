import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LiveNow } from "./live-now";

const none = { openTeams: 0, athletes: 0, urgent: { swimmer: 0, cyclist: 0, runner: 0 } };

describe("a landing page's live band", () => {
  it("with no urgent team: says so and offers the urgent-leg alerts, with no zero counts", () => {
    const html = renderToStaticMarkup(
      <LiveNow teams={[]} numbers={{ ...none, openTeams: 2 }} leg={null} teamsHref="/browse#teams" />,
    );
    expect(html).toContain("No team needs someone urgently right now");
    expect(html).toContain('href="/register-interest"');
    expect(html).toContain('href="/settings"');
    expect(html).toContain("2 open teams");
    expect(html).not.toMatch(/>0 /);
    expect(html).not.toMatch(/\d urgently need/);
    expect(html).toContain('href="/browse#teams"');
    expect(html).toContain("See open teams");
  });

  it("shows no counts at all when every one is zero, and nothing of the teams when they could not be read", () => {
    const html = renderToStaticMarkup(<LiveNow teams={null} numbers={none} leg={null} teamsHref="/browse" />);
    expect(html).not.toContain("On Noosa Tri Teams right now");
    expect(html).not.toContain("No team needs someone urgently");
    expect(html).toContain("See open teams");
  });

  it("leads to the teams that need the leading leg", () => {
    const html = renderToStaticMarkup(
      <LiveNow
        teams={null}
        numbers={{ ...none, urgent: { swimmer: 0, cyclist: 0, runner: 1 } }}
        leg="runner"
        teamsHref="/browse?role=runner#teams"
      />,
    );
    expect(html).toContain("1 urgently needs a runner");
    expect(html).toContain('href="/browse?role=runner#teams"');
    expect(html).toContain("See teams that need a runner");
  });
});
