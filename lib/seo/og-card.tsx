import { ImageResponse } from "next/og";
import { site } from "@/lib/site";

export const ogSize = { width: 1200, height: 630 } as const;
export const ogContentType = "image/png";

/** An athlete's face on their card: their photo (a data: URL) or, without one, their initials. */
type Face = { photo: string | null; initials: string };

type OgCardInput = { title: string; subtitle?: string; eyebrow?: string; face?: Face };

const faceSize = 200;

function FaceCircle({ face }: { face: Face }) {
  const circle = {
    display: "flex",
    width: faceSize,
    height: faceSize,
    borderRadius: faceSize / 2,
    flexShrink: 0,
  };
  return face.photo ? (
    // eslint-disable-next-line @next/next/no-img-element -- Satori draws a plain <img>; next/image does not apply.
    <img
      src={face.photo}
      alt=""
      width={faceSize}
      height={faceSize}
      style={{ ...circle, objectFit: "cover", border: "6px solid #ffffff" }}
    />
  ) : (
    <div
      style={{
        ...circle,
        alignItems: "center",
        justifyContent: "center",
        background: "#ea580c",
        border: "6px solid #ffffff",
        fontSize: 84,
        fontWeight: 800,
      }}
    >
      {face.initials || "?"}
    </div>
  );
}

/**
 * The 1200×630 social card shared by every page: product name, a kicker, the title and a subtitle; an
 * athlete's card adds their face.
 */
export function ogCard({ title, subtitle, eyebrow, face }: OgCardInput): ImageResponse {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "64px 72px",
        background: "linear-gradient(135deg, #04182b 0%, #0b3d66 55%, #1d84d1 100%)",
        color: "#ffffff",
        fontFamily: "sans-serif",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 18, fontSize: 34, fontWeight: 700 }}>
        <div style={{ display: "flex", width: 56, height: 56, borderRadius: 28, background: "#ea580c" }} />
        {site.name}
      </div>
      <div style={{ display: "flex", alignItems: "center", gap: 48 }}>
        {face ? <FaceCircle face={face} /> : null}
        <div style={{ display: "flex", flexDirection: "column", gap: 20, flex: 1, minWidth: 0 }}>
          {eyebrow ? (
            <div style={{ display: "flex", fontSize: 28, color: "#fb923c", textTransform: "uppercase" }}>
              {eyebrow}
            </div>
          ) : null}
          <div style={{ display: "flex", fontSize: 68, fontWeight: 800, lineHeight: 1.1 }}>{title}</div>
          {subtitle ? (
            <div style={{ display: "flex", fontSize: 32, color: "#dbeefc", lineHeight: 1.3 }}>{subtitle}</div>
          ) : null}
        </div>
      </div>
      <div style={{ display: "flex", fontSize: 26, color: "#dbeefc" }}>
        {site.url.replace(/^https?:\/\//, "")} · Swim · Bike · Run
      </div>
    </div>,
    { ...ogSize },
  );
}
