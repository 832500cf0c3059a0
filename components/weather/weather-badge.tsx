"use client";

import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { WeatherReading } from "@/lib/weather/reading";
import { site } from "@/lib/site";
import { WeatherIcon } from "./weather-icon";

/** No key on the server: not an error to retry, the data is simply unavailable. */
class WeatherUnavailable extends Error {}

async function fetchWeather(): Promise<WeatherReading> {
  const { lat, lon } = site.weatherPoint;
  const response = await fetch(`/api/weather?lat=${lat}&lon=${lon}`);
  if (!response.ok) throw new Error("Weather data fetch failed");
  const body = (await response.json()) as WeatherReading | { unavailable: true };
  if ("unavailable" in body) throw new WeatherUnavailable("Weather data unavailable");
  return body;
}

const pill = "inline-flex items-center gap-1.5 rounded-full bg-ocean-50 px-3 py-1 text-sm text-ocean-900";
// Without a reading the badge is a quiet note, not a pill: it is the weather that is missing, not the page.
const quiet = "inline-flex items-center gap-1 px-1 py-1 text-xs text-slate-600";

function Badge() {
  const { data, error, isPending } = useQuery({
    queryKey: ["weather", site.weatherPoint.lat, site.weatherPoint.lon],
    queryFn: fetchWeather,
    staleTime: 15 * 60 * 1000,
    retry: (count, err) => !(err instanceof WeatherUnavailable) && count < 2,
  });
  if (isPending) return <span className={quiet}>Loading weather...</span>;
  if (error) {
    return (
      <span className={quiet}>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          <path
            d="M7 18h10a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.1 9.6 4.2 4.2 0 0 0 7 18z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
        Error loading weather data
      </span>
    );
  }
  return (
    <span className={pill} title={`${data.description}, feels like ${data.feelsLike}°C`}>
      <WeatherIcon src={data.icon} size={24} className="-my-1 size-6" />
      <span className="font-semibold">{data.temperature}°C</span>
      <span>
        {site.weatherPoint.label} · {data.conditions}
      </span>
    </span>
  );
}

/** The header's live weather for Noosa (docs/product.md#weather). Loaded lazily by WeatherBadgeSlot. */
export default function WeatherBadge() {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <Badge />
    </QueryClientProvider>
  );
}
