import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageIntro } from "@/components/layout/page-intro";
import { ModerationLog } from "@/components/moderation/moderation-log";
import { ModerationOutcome } from "@/components/moderation/moderation-outcome";
import { ReportCard } from "@/components/moderation/report-card";
import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { isModerator, moderationLog, moderationQueue } from "@/lib/data/reports";
import { signedFaceImages } from "@/lib/photos/urls";
import { pageMetadata } from "@/lib/seo/metadata";
import { moderateReportAction } from "./actions";

export const metadata: Metadata = pageMetadata({
  title: "Moderation",
  description: "Reported messages, profiles and photos.",
  path: "/moderation",
  noindex: true,
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The moderation queue (docs/security.md#moderation). Outside the (protected) group on purpose: a visitor gets the same 404 as
 * a signed-in athlete who is not a moderator, so the page does not tell anyone it exists. The role is
 * checked in SQL (private.is_moderator), and every read and action below checks it again.
 */
export default async function ModerationPage({ searchParams }: Props) {
  const claims = await getClaims();
  if (!claims) notFound();
  const data = await withRls(claims, async (tx) =>
    (await isModerator(tx)) ? { queue: await moderationQueue(tx), log: await moderationLog(tx) } : null,
  );
  if (!data) notFound();
  // Reported photos, signed with the moderator's session: the bucket lets a moderator (and the athlete) read
  // any profile's photo, private or suspended, and nobody else gets these addresses.
  const photos = await signedFaceImages(
    data.queue.filter((r) => r.kind === "photo").map((r) => r.photo_path),
    "large",
    "viewer",
  );
  const params = await searchParams;
  const one = (key: string) => (typeof params[key] === "string" ? params[key] : undefined);

  return (
    <>
      <PageIntro eyebrow="Moderation" title="Reports">
        <p>
          Open reports, oldest first. Hiding, removing a photo or suspending closes every open report it
          settles; each action is recorded with your account and the time.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-4xl space-y-8 px-4 py-10 sm:px-6">
        <ModerationOutcome done={one("done")} closed={one("closed")} error={one("error")} />
        <section aria-labelledby="queue-title" className="space-y-4">
          <h2 id="queue-title" className="text-ocean-950 text-2xl font-bold">
            Open reports <span className="text-base font-semibold text-slate-600">({data.queue.length})</span>
          </h2>
          {data.queue.length === 0 ? (
            <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
              Nothing to review. New reports appear here.
            </p>
          ) : (
            <ol className="space-y-4">
              {data.queue.map((report) => (
                <li key={report.id}>
                  <ReportCard
                    report={report}
                    action={moderateReportAction}
                    photo={report.photo_path ? photos.get(report.photo_path) : null}
                  />
                </li>
              ))}
            </ol>
          )}
        </section>
        <ModerationLog entries={data.log} />
      </div>
    </>
  );
}
