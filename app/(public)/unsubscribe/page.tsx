import type { Metadata } from "next";
import Link from "next/link";
import { PageIntro } from "@/components/layout/page-intro";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { kindLabels } from "@/lib/notifications/kinds";
import { unsubscribeState } from "@/lib/notifications/unsubscribe";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Unsubscribe",
  description: "Stop one kind of e-mail from Noosa Tri Teams.",
  path: "/unsubscribe",
  noindex: true,
});

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * The page behind every e-mail's unsubscribe link. Opening it changes nothing (mail scanners open links);
 * one press of the button does. Mail clients' one-click POST goes to the same URL (app/api/unsubscribe).
 */
export default async function UnsubscribePage({ searchParams }: Props) {
  const { token: raw } = await searchParams;
  const token = Array.isArray(raw) ? raw[0] : raw;
  const status = await unsubscribeState(token);
  const settings = (
    <Link href="/settings" className={buttonClasses("secondary")}>
      Open e-mail settings
    </Link>
  );

  return (
    <>
      <PageIntro eyebrow="E-mail" title="Unsubscribe" />
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
        <Card className="space-y-4">
          {status.state === "invalid" ? (
            <>
              <h2 className="text-ocean-950 text-xl font-bold">This unsubscribe link does not work</h2>
              <p className="text-slate-700">
                It may be incomplete or changed. Nothing has been changed. Sign in to choose which e-mails you
                get in your settings.
              </p>
              {settings}
            </>
          ) : status.state === "unsubscribed" ? (
            <>
              <h2 className="text-ocean-950 text-xl font-bold">
                You&apos;re unsubscribed from e-mails about {kindLabels[status.kind].title.toLowerCase()}
              </h2>
              <p className="text-slate-700">
                We won&apos;t send you these e-mails any more. Changed your mind? Turn them back on in your
                settings.
              </p>
              {settings}
            </>
          ) : (
            <>
              <h2 className="text-ocean-950 text-xl font-bold">
                Stop e-mails about {kindLabels[status.kind].title.toLowerCase()}?
              </h2>
              <p className="text-slate-700">{kindLabels[status.kind].hint}</p>
              <form
                method="post"
                action={`/unsubscribe?${new URLSearchParams({ token: token ?? "" }).toString()}`}
                className="flex flex-wrap gap-3"
              >
                <Button type="submit">Unsubscribe</Button>
                {settings}
              </form>
            </>
          )}
        </Card>
      </div>
    </>
  );
}
