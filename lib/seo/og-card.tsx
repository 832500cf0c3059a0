import { ImageResponse } from "next/og";
import { site } from "@/lib/site";

export const ogSize = { width: 1200, height: 630 } as const;
export const ogContentType = "image/png";

type OgCardInput = { title: string; subtitle?: string; eyebrow?: string };

/** The 1200×630 social card shared by every page: product name, a kicker, the title and a subtitle. */
export function ogCard({ title, subtitle, eyebrow }: OgCardInput): ImageResponse {
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
      <div style={{ display: "flex", flexDirection: "column", gap: 20 }}>
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
      <div style={{ display: "flex", fontSize: 26, color: "#dbeefc" }}>
        {site.url.replace(/^https?:\/\//, "")} · Swim · Bike · Run
      </div>
    </div>,
    { ...ogSize },
  );
}
