import { describe, expect, it } from "vitest";
import {
  fitPage,
  levelDistance,
  rankCandidates,
  samePlace,
  type FitCandidate,
  type FitTeam,
} from "./fit-ranking";

const athlete = (id: string, patch: Partial<FitCandidate> = {}): FitCandidate => ({
  profile_id: id,
  username: id,
  full_name: id,
  specialty: "swimmer",
  experience_level: "intermediate",
  place: "Tewantin",
  recently_active: false,
  ...patch,
});
const team: FitTeam = { urgent_role: "runner", levels: ["intermediate"], location: "Noosa Heads" };
const ids = (list: FitCandidate[]) => list.map((c) => c.profile_id);

describe("rankCandidates", () => {
  it("puts the urgent leg first, whatever the other keys say", () => {
    const ranked = rankCandidates(team, [
      athlete("swim-perfect", { place: "Noosa Heads", recently_active: true }),
      athlete("run-far", { specialty: "runner", experience_level: "advanced", place: "Brisbane" }),
    ]);
    expect(ids(ranked)).toEqual(["run-far", "swim-perfect"]);
  });

  it("then level fit: a required level before a neighbouring one", () => {
    const ranked = rankCandidates(team, [
      athlete("near", { experience_level: "beginner", place: "Noosa Heads", recently_active: true }),
      athlete("exact"),
    ]);
    expect(ids(ranked)).toEqual(["exact", "near"]);
  });

  it("then place, then online now", () => {
    const ranked = rankCandidates(team, [
      athlete("elsewhere-online", { recently_active: true }),
      athlete("here-offline", { place: "Noosa" }),
      athlete("here-online", { place: "noosa heads", recently_active: true }),
    ]);
    expect(ids(ranked)).toEqual(["here-online", "here-offline", "elsewhere-online"]);
  });

  it("keeps the database's order on ties and does not change its input", () => {
    const input = [athlete("a"), athlete("b"), athlete("c")];
    expect(ids(rankCandidates(team, input))).toEqual(["a", "b", "c"]);
    expect(ids(rankCandidates({ ...team, urgent_role: null }, input))).toEqual(["a", "b", "c"]);
    expect(ids(input)).toEqual(["a", "b", "c"]);
  });
});

describe("levelDistance and samePlace", () => {
  it("measures steps to the nearest wanted level", () => {
    expect(levelDistance("elite", ["beginner", "advanced"])).toBe(1);
    expect(levelDistance("beginner", ["beginner"])).toBe(0);
    expect(levelDistance("beginner", ["elite"])).toBe(3);
  });
  it("matches a place inside the other, ignoring case and punctuation; nothing matches an empty place", () => {
    expect(samePlace("Noosa", "Noosa Heads, QLD")).toBe(true);
    expect(samePlace("Peregian Beach", "Noosa Heads")).toBe(false);
    expect(samePlace(null, "Noosa")).toBe(false);
    expect(samePlace("Noosa", null)).toBe(false);
  });
});

describe("fitPage", () => {
  it("serves 5 at a time and says whether more follow", () => {
    const list = Array.from({ length: 12 }, (_, i) => athlete(`a${i}`));
    expect(ids(fitPage(list, 1).athletes)).toEqual(["a0", "a1", "a2", "a3", "a4"]);
    expect(fitPage(list, 2).more).toBe(true);
    expect(fitPage(list, 3)).toMatchObject({ more: false });
    expect(ids(fitPage(list, 3).athletes)).toEqual(["a10", "a11"]);
    expect(ids(fitPage(list, 0).athletes)).toEqual(ids(fitPage(list, 1).athletes));
  });
});
