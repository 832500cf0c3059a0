import type { FaceImage } from "@/lib/photos/face-image";
import { initials } from "@/lib/initials";

const sizes = {
  xs: { px: 36, box: "size-9 text-sm" },
  sm: { px: 44, box: "size-11 text-base" },
  md: { px: 64, box: "size-16 text-xl" },
  xl: { px: 80, box: "size-20 text-3xl" },
  lg: { px: 128, box: "size-32 text-4xl" },
} as const;

export type AthletePhotoSize = keyof typeof sizes;

/**
 * An athlete's face: their photo (Next's optimised image, made on the server: lib/photos/face-image.ts), or
 * their initials on the brand colour when there is none or the viewer may not see it. A plain `<img>` with
 * the attributes next/image's component would give it, so it costs a page no script, in a server or a
 * client component. Decorative: the name beside it says who it is, so `alt` is empty unless `label` is given.
 */
export function AthletePhoto({
  name,
  image,
  size = "sm",
  label,
  className = "",
}: {
  name: string;
  image: FaceImage | null | undefined;
  size?: AthletePhotoSize;
  label?: string;
  className?: string;
}) {
  const { px, box } = sizes[size];
  if (image) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- already optimised: the srcset is next/image's own
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={`${px}px`}
        alt={label ?? ""}
        width={px}
        height={px}
        loading="lazy"
        decoding="async"
        className={`${box} shrink-0 rounded-full bg-slate-100 object-cover ${className}`}
        style={{ color: "transparent" }}
      />
    );
  }
  return (
    <span
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={`${box} bg-ocean-700 flex shrink-0 items-center justify-center rounded-full font-bold text-white ${className}`}
    >
      {initials(name) || "?"}
    </span>
  );
}
