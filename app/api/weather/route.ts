import { NextResponse, type NextRequest } from "next/server";
import { weatherErrors, weatherUnavailable } from "@/lib/weather/reading";
import { getWeather, weatherConfigured } from "@/lib/weather/service";

const noStore = { "Cache-Control": "no-store" };

/**
 * The weather service for the browser (the header badge): GET /api/weather?lat=&lon=. The key stays on
 * the server. Without a key it answers 200 `{ unavailable: true }`: an expected state, not an error, so
 * no page logs a failed request for it (the badge then says the data is unavailable and stops).
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const lat = params.get("lat");
  const lon = params.get("lon");
  if (!lat || !lon)
    return NextResponse.json({ error: weatherErrors.location }, { status: 400, headers: noStore });
  if (!weatherConfigured()) {
    return NextResponse.json({ unavailable: true, message: weatherUnavailable }, { headers: noStore });
  }
  try {
    const reading = await getWeather(Number(lat), Number(lon));
    // The server caches 15 minutes; browsers may keep the answer a few minutes.
    return NextResponse.json(reading, { headers: { "Cache-Control": "private, max-age=300" } });
  } catch (error) {
    const message = (error as Error).message;
    const status = message === weatherErrors.location ? 400 : 502;
    return NextResponse.json(
      { error: status === 400 ? message : weatherErrors.fetch },
      { status, headers: noStore },
    );
  }
}
