import { getForecast } from "@/lib/weather/service";
import { sessionSpots } from "@/lib/sessions/spots";

type Props = { meetingPoint: string; startsAt: string };

/**
 * The forecast for an upcoming session's start at its meeting point, from the weather service the dashboard uses.
 * Nothing at all where there is none (a start beyond the 5-day forecast, no key, the service down): the
 * page never waits on it (it streams in) and never says "unavailable" about a session days away.
 */
export async function SessionForecast({ meetingPoint, startsAt }: Props) {
  const spot = (sessionSpots as Record<string, { lat: number; lon: number }>)[meetingPoint];
  if (!spot) return null;
  const f = await getForecast(spot.lat, spot.lon, new Date(startsAt)).catch(() => null);
  if (!f) return null;
  return (
    <div>
      <dt className="font-semibold text-slate-800">Forecast for the start</dt>
      <dd className="text-slate-700">
        {f.temperature}°C, {f.description} · wind {f.windSpeed} km/h · {f.rainChance}% chance of rain
      </dd>
    </div>
  );
}
