"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { AthletePhoto } from "@/components/ui/athlete-photo";
import { Button } from "@/components/ui/button";
import { maxZoom } from "@/lib/photos/crop";
import type { FaceImage } from "@/lib/photos/face-image";
import { photoMessage, photoTexts } from "@/lib/photos/texts";
import { photos } from "@/lib/site";

type Answer = { ok: boolean; message: string };

/**
 * Edit profile → Photo (docs/product.md#photos): choose a photo (a phone offers its camera or library), set
 * the square with three sliders (zoom, left–right, up–down; keyboard arrows move them), save. The preview is
 * CSS only; the server cuts the same square from the real bytes (lib/photos/crop.ts). Without the script
 * the form still posts and the route redirects back with the outcome (`initial`).
 */
export function PhotoField({
  name,
  image,
  initial,
}: {
  name: string;
  image: FaceImage | null;
  initial: { ok: boolean; code: string } | null;
}) {
  const router = useRouter();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [crop, setCrop] = useState({ zoom: 1, x: 0.5, y: 0.5 });
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(
    initial && photoMessage(initial.code) ? { ok: initial.ok, message: photoMessage(initial.code)! } : null,
  );

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function choose() {
    const file = input.current?.files?.[0];
    setPreviewFailed(false);
    setCrop({ zoom: 1, x: 0.5, y: 0.5 });
    if (!file) return setPreview(null);
    if (file.size > photos.maxBytes) {
      setAnswer({ ok: false, message: photoTexts.tooLarge });
      input.current!.value = "";
      return setPreview(null);
    }
    setAnswer(null);
    setPreview(URL.createObjectURL(file));
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const body = new FormData(event.currentTarget, submitter);
    if (!body.get("remove") && !(body.get("photo") instanceof File && (body.get("photo") as File).size)) {
      return setAnswer({ ok: false, message: photoTexts.empty });
    }
    setBusy(true);
    try {
      const response = await fetch(event.currentTarget.action, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      const reply = response.headers.get("content-type")?.includes("json")
        ? ((await response.json()) as { ok: boolean; message: string })
        : { ok: false, message: response.status === 413 ? photoTexts.tooLarge : (await response.text()) };
      setAnswer({ ok: reply.ok, message: reply.message });
      if (reply.ok) {
        setPreview(null);
        if (input.current) input.current.value = "";
        router.refresh();
      }
    } catch {
      setAnswer({ ok: false, message: photoMessage("failed")! });
    } finally {
      setBusy(false);
    }
  }

  const slider = (key: "zoom" | "x" | "y", label: string, min: number, max: number) => (
    <label className="block text-sm font-medium text-slate-800">
      {label}
      <input
        type="range"
        name={key}
        min={min}
        max={max}
        step={0.01}
        value={crop[key]}
        onChange={(e) => setCrop({ ...crop, [key]: Number(e.target.value) })}
        className="mt-1 block w-full accent-ocean-700"
      />
    </label>
  );

  return (
    <form
      action="/api/profile-photo"
      method="post"
      encType="multipart/form-data"
      onSubmit={send}
      aria-labelledby={`${id}-title`}
      className="space-y-4"
    >
      <h2 id={`${id}-title`} className="text-ocean-950 text-xl font-bold">
        Photo
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        {preview && !previewFailed ? (
          <div className="relative size-32 shrink-0 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            {/* eslint-disable-next-line @next/next/no-img-element -- a local preview (blob:), never optimised */}
            <img
              src={preview}
              alt=""
              onError={() => setPreviewFailed(true)}
              className="size-full object-cover"
              style={{
                objectPosition: `${crop.x * 100}% ${crop.y * 100}%`,
                transform: `scale(${crop.zoom})`,
                transformOrigin: `${crop.x * 100}% ${crop.y * 100}%`,
              }}
            />
          </div>
        ) : (
          <AthletePhoto name={name} image={image} size="lg" />
        )}
        <p className="min-w-0 flex-1 text-sm text-slate-700">
          A clear photo of your face helps teammates find you on race morning. JPEG, PNG or WebP, up to{" "}
          {photos.maxBytes / 1024 / 1024} MB. Teammates and the athletes you message see it; on a public
          profile, everyone does.
        </p>
      </div>
      <label className="block text-sm font-medium text-slate-800" htmlFor={`${id}-file`}>
        Choose or take a photo
      </label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        name="photo"
        accept="image/*"
        onChange={choose}
        className="block w-full max-w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold"
      />
      {previewFailed ? (
        <p className="text-sm text-slate-700">This browser can&apos;t show a preview of that photo; it is checked when you save.</p>
      ) : null}
      {preview ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-800">Square</legend>
          {slider("zoom", "Zoom", 1, maxZoom)}
          {slider("x", "Left – right", 0, 1)}
          {slider("y", "Up – down", 0, 1)}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save photo"}
        </Button>
        {image ? (
          <Button type="submit" name="remove" value="1" variant="secondary" disabled={busy}>
            Remove photo
          </Button>
        ) : null}
      </div>
      <p
        role={answer && !answer.ok ? "alert" : "status"}
        className={`text-sm ${answer?.ok ? "text-emerald-800" : "text-red-700"}`}
      >
        {answer?.message ?? ""}
      </p>
    </form>
  );
}
