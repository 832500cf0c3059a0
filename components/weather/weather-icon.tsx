"use client";

import { useState } from "react";

/** The service's condition icon; decorative (the conditions are written beside it), gone if it fails to load. */
export function WeatherIcon({
  src,
  size,
  className = "",
}: {
  src: string;
  size: number;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a 100 px icon from the weather service
    <img src={src} alt="" width={size} height={size} className={className} onError={() => setFailed(true)} />
  );
}
