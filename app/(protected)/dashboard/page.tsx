import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { CardSkeleton } from "@/components/dashboard/dashboard-card";
import { MessagesCard } from "@/components/dashboard/messages-card";
import { NeedsYouCard } from "@/components/dashboard/needs-you-card";
import { NextSessionCard } from "@/components/dashboard/next-session-card";
import { PartnersCard } from "@/components/dashboard/partners-card";
import { ProfileCard } from "@/components/dashboard/profile-card";
import { QuickActionsCard } from "@/components/dashboard/quick-actions-card";
import { TeamsCard } from "@/components/dashboard/teams-card";
import { WeatherCard } from "@/components/dashboard/weather-card";
import { PageIntro } from "@/components/layout/page-intro";
import { LookingPrompt } from "@/components/teams/looking-prompt";
import { buttonClasses } from "@/components/ui/button";
import { requireSignedIn, signInAgain } from "@/lib/auth/session";
import { dashboardGreeting } from "@/lib/dashboard/greeting";
import { readDashboardPage } from "@/lib/data/dashboard";
import { acceptInvitationAction, declineInvitationAction, setUrgentNeedAction } from "../teams/[id]/actions";

export const metadata: Metadata = { title: "Dashboard", robots: { index: false } };

const grid = "mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 md:grid-cols-2 lg:grid-cols-3";

/**
 * The dashboard (docs/product.md#dashboard): six cards. What five of them show, the looking-for-a-team
 * prompt and whether the session is live are read in one round trip (readDashboardPage). The weather, from another service, has its own Suspense so a slow reading
 * never holds up the rest.
 */
export default async function DashboardPage() {
  const user = await requireSignedIn("/dashboard");
  const read = await readDashboardPage(user.claims, user.id);
  // An ended session: sent to sign in, as requireUser would have before reading.
  if (!read.live) signInAgain("/dashboard");
  const { dashboard, nextSession, lookingPrompt } = read;

  if (!dashboard) {
    return (
      <>
        <PageIntro eyebrow="Dashboard" title="Welcome to Noosa Tri Teams">
          {/* A new account has no name yet: show which account this is. */}
          <p className="wrap-anywhere">Signed in as {user.email}</p>
        </PageIntro>
        <div className={grid}>
          <section
            aria-labelledby="setup-title"
            className="rounded-2xl border border-orange-200 bg-orange-50 p-6 md:col-span-2"
          >
            <h2 id="setup-title" className="text-ocean-950 text-lg font-bold">
              Create your profile to get started
            </h2>
            <p className="mt-2 text-slate-700">
              Your profile tells teams your leg, level and goals. You need one to join a team or message
              athletes.
            </p>
            <Link href="/create-profile" className={buttonClasses("primary", "md", "mt-4")}>
              Create Your Profile
            </Link>
            <p className="mt-4 text-sm text-slate-700">
              Not staying? Download your data or delete your account in{" "}
              <Link href="/settings" className="text-ocean-700 font-semibold underline">
                Settings
              </Link>
              .
            </p>
          </section>
          <Suspense fallback={<CardSkeleton title="Training Weather" />}>
            <WeatherCard />
          </Suspense>
          <QuickActionsCard createdOne={false} />
        </div>
      </>
    );
  }

  const { profile } = dashboard;
  return (
    <>
      <PageIntro eyebrow="Dashboard" title={dashboardGreeting(profile.full_name, profile.created_at)} />
      <LookingPrompt read={lookingPrompt} />
      <div className={grid}>
        {/* What needs the athlete first, then the dashboard's cards, the weather after the ones that ask for
            something. */}
        <NeedsYouCard
          needs={dashboard.needs}
          actions={{
            acceptInvitation: acceptInvitationAction,
            declineInvitation: declineInvitationAction,
            setUrgentNeed: setUrgentNeedAction,
          }}
        />
        <MessagesCard
          conversations={dashboard.conversations}
          teamChats={dashboard.teamChats}
          sessionChats={dashboard.sessionChats}
          me={profile.id}
        />
        <NextSessionCard next={nextSession} />
        <TeamsCard teams={dashboard.teams} createdOne={dashboard.createdOne} />
        <Suspense fallback={<CardSkeleton title="Training Weather" />}>
          <WeatherCard />
        </Suspense>
        <ProfileCard profile={profile} />
        <PartnersCard profile={profile} counts={dashboard.counts} />
        <QuickActionsCard createdOne={dashboard.createdOne} />
      </div>
    </>
  );
}
