import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { toastTextColors } from "./toast-config";

// WCAG 2.x relative luminance and contrast ratio.
type Rgb = [number, number, number];

function luminance([r, g, b]: Rgb) {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r / 255) + 0.7152 * lin(g / 255) + 0.0722 * lin(b / 255);
}
function contrast(a: Rgb, b: Rgb) {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
function hex(value: string): Rgb {
  const channel = (i: number) => parseInt(value.slice(i, i + 2), 16);
  return [channel(1), channel(3), channel(5)];
}
function hsl(value: string): Rgb {
  const [h = 0, s = 0, l = 0] = (value.match(/[\d.]+/g) ?? []).map(Number);
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => 255 * (light - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return [channel(0), channel(8), channel(4)];
}

// The backgrounds sonner's stylesheet gives rich toasts in the light theme (the first declaration of each).
const sonnerCss = readFileSync(createRequire(import.meta.url).resolve("sonner/dist/styles.css"), "utf8");
function sonnerLightBackground(type: string) {
  const match = sonnerCss.match(new RegExp(`--${type}-bg:\\s*(hsl\\([^)]*\\))`));
  if (!match?.[1]) throw new Error(`sonner no longer declares --${type}-bg`);
  return hsl(match[1]);
}

describe("rich toast colours", () => {
  it.each(["success", "error", "info", "warning"] as const)("%s text reaches WCAG AA on its background", (type) => {
    const text = hex(toastTextColors[`--${type}-text`]);
    expect(contrast(text, sonnerLightBackground(type))).toBeGreaterThanOrEqual(4.5);
  });

  it("sonner's own success text would not (the reason for the override)", () => {
    expect(contrast(hsl("hsl(140, 100%, 27%)"), sonnerLightBackground("success"))).toBeLessThan(4.5);
  });
});
