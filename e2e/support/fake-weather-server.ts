/**
 * A stand-in for the weather service's current-weather and 5-day forecast endpoints, for the e2e suite
 * (and by hand):
 *   node e2e/support/fake-weather-server.ts   (FAKE_WEATHER_PORT, default 3199; binds 127.0.0.1)
 * GET /weather and /forecast (?lat&lon&units&appid) answer according to the mode (the forecast: 40
 * three-hour steps from the current hour, light rain); PUT /__mode/<mode> switches it:
 *   normal (a Noosa reading), slow (the same after SLOW_MS), error (500), malformed (not JSON),
 *   missing (JSON without main/wind). GET /__calls returns how many weather calls arrived.
 */
import { createServer } from "node:http";

export const fakeWeatherModes = ["normal", "slow", "error", "malformed", "missing"] as const;
type Mode = (typeof fakeWeatherModes)[number];

const port = Number(process.env.FAKE_WEATHER_PORT ?? 3199);
const slowMs = Number(process.env.SLOW_MS ?? 1500);
let mode: Mode = "normal";
let calls = 0;

const reading = {
  coord: { lon: 153.09, lat: -26.4 },
  weather: [{ id: 801, main: "Clouds", description: "few clouds", icon: "02d" }],
  main: { temp: 24.6, feels_like: 25.4, humidity: 68, pressure: 1015 },
  wind: { speed: 5.1, deg: 140 },
  sys: { country: "AU" },
  name: "Noosa Heads",
};

/** The service's 5-day forecast: 40 steps 3 hours apart, the first at the current hour. */
function forecast() {
  const first = Math.floor(Date.now() / 3_600_000) * 3600;
  const list = Array.from({ length: 40 }, (_, i) => ({
    dt: first + i * 3 * 3600,
    main: { temp: 21.8, feels_like: 22.3, humidity: 81 },
    weather: [{ id: 500, main: "Rain", description: "light rain", icon: "10d" }],
    wind: { speed: 6.2, deg: 150 },
    pop: 0.4,
  }));
  return { cod: "200", cnt: list.length, list, city: { name: "Noosa Heads", country: "AU" } };
}

createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const switchTo = /^\/__mode\/(\w+)$/.exec(url.pathname)?.[1] as Mode | undefined;
  if (req.method === "PUT" && switchTo && fakeWeatherModes.includes(switchTo)) {
    mode = switchTo;
    calls = 0;
    return res.writeHead(204).end();
  }
  if (url.pathname === "/__calls") return res.writeHead(200).end(String(calls));
  if (url.pathname === "/") return res.writeHead(200).end("fake weather");
  if (url.pathname !== "/weather" && url.pathname !== "/forecast") return res.writeHead(404).end();
  calls++;
  if (!url.searchParams.get("appid")) return res.writeHead(401).end('{"cod":401}');
  const json = (body: unknown) =>
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  if (mode === "error") return res.writeHead(500).end('{"cod":500,"message":"internal error"}');
  if (mode === "malformed")
    return res.writeHead(200, { "Content-Type": "application/json" }).end("{not json");
  if (mode === "missing") return json({ name: "Noosa Heads", weather: [] });
  const body = url.pathname === "/forecast" ? forecast() : reading;
  if (mode === "slow") return void setTimeout(() => json(body), slowMs);
  return json(body);
}).listen(port, "127.0.0.1", () => console.log(`fake weather on http://127.0.0.1:${port} (${mode})`));
