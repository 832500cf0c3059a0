/**
 * The square an athlete chose of their photo: `zoom` 1 (the largest square) to 3, and where it sits, `x` and
 * `y` from 0 (left, top) to 1 (right, bottom). The edit screen previews it with CSS (object-position x% y%,
 * scale(zoom) about that point), the server cuts it with sharp from the upright image: the same square.
 */
export type Crop = { zoom: number; x: number; y: number };

export const centreCrop: Crop = { zoom: 1, x: 0.5, y: 0.5 };
export const maxZoom = 3;

const clamp = (value: number, low: number, high: number) =>
  Number.isFinite(value) ? Math.min(high, Math.max(low, value)) : low;

/** A crop from form fields (anything a request carries); what is missing or out of range is brought in. */
export function cropFrom(fields: { zoom?: unknown; x?: unknown; y?: unknown }): Crop {
  const num = (v: unknown, fallback: number) => (typeof v === "string" && v.trim() !== "" ? Number(v) : fallback);
  return {
    zoom: clamp(num(fields.zoom, 1), 1, maxZoom),
    x: clamp(num(fields.x, 0.5), 0, 1),
    y: clamp(num(fields.y, 0.5), 0, 1),
  };
}

/** The square in pixels of an upright image `width` × `height`. */
export function cropBox(width: number, height: number, crop: Crop) {
  const size = Math.max(1, Math.floor(Math.min(width, height) / crop.zoom));
  return {
    left: Math.round((width - size) * crop.x),
    top: Math.round((height - size) * crop.y),
    width: size,
    height: size,
  };
}
