import { WeatherIcon } from "@/components/weather/weather-icon";
import { site } from "@/lib/site";
import { weatherUnavailable } from "@/lib/weather/reading";
import { getWeather, weatherConfigured } from "@/lib/weather/service";
import { DashboardCard } from "./dashboard-card";

/** Training Weather (docs/product.md#weather): the Noosa reading, or "Weather data unavailable" (no key, or a failure). */
export async function WeatherCard() {
  const reading = weatherConfigured()
    ? await getWeather(site.weatherPoint.lat, site.weatherPoint.lon).catch(() => null)
    : null;
  return (
    <DashboardCard id="weather" title="Training Weather">
      {reading ? (
        <div>
          <div className="flex items-center gap-3">
            <WeatherIcon src={reading.icon} size={56} className="bg-ocean-50 size-14 rounded-full" />
            <div>
              <p className="text-ocean-950 text-3xl font-extrabold">{reading.temperature}°C</p>
              <p className="text-slate-700 capitalize">{reading.description}</p>
            </div>
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="font-semibold text-slate-600">Feels like</dt>
              <dd className="text-slate-900">{reading.feelsLike}°C</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">Conditions</dt>
              <dd className="text-slate-900">{reading.conditions}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">Wind</dt>
              <dd className="text-slate-900">{reading.windSpeed} km/h</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">Humidity</dt>
              <dd className="text-slate-900">{reading.humidity}%</dd>
            </div>
          </dl>
          <p className="mt-3 text-xs text-slate-600">
            {[reading.location || site.weatherPoint.label, reading.country].filter(Boolean).join(", ")}
          </p>
        </div>
      ) : (
        // No reading is not a failure of the dashboard: one quiet line, and where to look instead.
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            focusable="false"
            className="shrink-0"
          >
            <path
              d="M7 18h10a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.1 9.6 4.2 4.2 0 0 0 7 18z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
          </svg>
          <span>
            {weatherUnavailable}. Check the Bureau of Meteorology forecast for Noosa before your session.
          </span>
        </p>
      )}
    </DashboardCard>
  );
}
