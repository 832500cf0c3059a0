import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET } from "./route";

afterEach(() => vi.unstubAllEnvs());

describe("GET /api/weather", () => {
  it("answers 200 'unavailable' without a key, so no page logs a failed request", async () => {
    vi.stubEnv("WEATHER_API_KEY", "");
    const response = await GET(new NextRequest("http://127.0.0.1/api/weather?lat=-26.4&lon=153.09"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ unavailable: true });
  });

  it("refuses a request without a location", async () => {
    const response = await GET(new NextRequest("http://127.0.0.1/api/weather"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Location is required" });
  });
});
