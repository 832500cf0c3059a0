import { isoDayLabels, levelLabels, sessionLevels, sessionSports, sportLabels } from "@/lib/sessions/labels";
import { sessionSpotKeys, sessionSpots } from "@/lib/sessions/spots";
import type { SessionFilters as Filters } from "@/lib/data/sessions";

const select = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

/** The list's filters: a plain GET form, so they work before scripts and make shareable links. */
export function SessionFilters({ f }: { f: Filters }) {
  return (
    <form
      method="get"
      action="/sessions"
      className="grid grid-cols-2 gap-3 sm:grid-cols-5"
      aria-label="Filter sessions"
    >
      <label className="text-sm font-medium text-slate-800">
        Sport
        <select name="sport" defaultValue={f.sport ?? ""} className={select}>
          <option value="">Any sport</option>
          {sessionSports.map((s) => (
            <option key={s} value={s}>
              {sportLabels[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-800">
        Day
        <select name="day" defaultValue={f.day ? String(f.day) : ""} className={select}>
          <option value="">Any day</option>
          {isoDayLabels.map((d, i) => (
            <option key={d} value={i + 1}>
              {d}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-800">
        Level
        <select name="level" defaultValue={f.level ?? ""} className={select}>
          <option value="">Any level</option>
          {sessionLevels
            .filter((l) => l !== "all")
            .map((l) => (
              <option key={l} value={l}>
                {levelLabels[l]}
              </option>
            ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-800">
        Place
        <select name="place" defaultValue={f.place ?? ""} className={select}>
          <option value="">Anywhere</option>
          {sessionSpotKeys.map((k) => (
            <option key={k} value={k}>
              {sessionSpots[k].name}
            </option>
          ))}
        </select>
      </label>
      <div className="col-span-2 flex items-end sm:col-span-1">
        <button type="submit" className="btn btn-primary btn-md w-full">
          Show sessions
        </button>
      </div>
    </form>
  );
}

/** The filters a query string asks for; anything unknown is ignored. */
export function parseSessionFilters(q: Record<string, string | string[] | undefined>): Filters {
  const one = (k: string) => (typeof q[k] === "string" ? (q[k] as string) : undefined);
  const sport = one("sport");
  const level = one("level");
  const place = one("place");
  const day = Number(one("day"));
  return {
    sport: sport && (sessionSports as readonly string[]).includes(sport) ? sport : undefined,
    level:
      level && (sessionLevels as readonly string[]).includes(level) && level !== "all" ? level : undefined,
    place: place && (sessionSpotKeys as string[]).includes(place) ? place : undefined,
    day: Number.isInteger(day) && day >= 1 && day <= 7 ? day : undefined,
  };
}
