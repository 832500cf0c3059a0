import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { Profile } from "@/lib/data/profiles";
import {
  dayLabels,
  disciplineLabels,
  disciplines,
  experienceLabels,
  specialtyLabels,
  timeLabels,
} from "@/lib/validation/profile";
import { StartConversationButton } from "@/components/conversations/start-conversation-button";
import { ReportButton } from "@/components/moderation/report-dialog";
import { BlockButton } from "@/components/blocks/block-button";
import { ProfileFacts } from "./profile-facts";
import { UnlessOwnProfile } from "./unless-own-profile";
import { initials } from "@/lib/initials";
import { AthletePhoto } from "@/components/ui/athlete-photo";
import type { FaceImage } from "@/lib/photos/face-image";

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={id}>
        <h2 id={id} className="text-ocean-950 mb-4 text-xl font-bold">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** The shareable public profile (docs/product.md#profiles). Everything renders as text. */
export function PublicProfile({ profile, photo }: { profile: Profile; photo: FaceImage | null }) {
  const { availability } = profile;
  return (
    <>
      <div className="from-ocean-950 to-ocean-800 bg-gradient-to-br text-white">
        <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12 sm:flex-row sm:items-center sm:px-6">
          {photo ? (
            <AthletePhoto
              name={profile.full_name}
              image={photo}
              size="xl"
              className="ring-2 ring-white/70"
            />
          ) : (
            <div
              aria-hidden="true"
              className="bg-sunset-500 flex size-20 shrink-0 items-center justify-center rounded-full text-3xl font-bold text-white"
            >
              {initials(profile.full_name)}
            </div>
          )}
          <div className="min-w-0">
            <p className="text-sunset-400 text-sm font-semibold tracking-wide uppercase">Athlete profile</p>
            <h1 className="mt-1 text-3xl font-extrabold wrap-anywhere sm:text-4xl">{profile.full_name}</h1>
            <p className="text-ocean-100 mt-1 wrap-anywhere">@{profile.username}</p>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Summary">
              <li>
                <Badge tone="ocean">{specialtyLabels[profile.specialty]}</Badge>
              </li>
              <li>
                <Badge tone="ocean">{experienceLabels[profile.experience_level]}</Badge>
              </li>
              {profile.looking_for_team ? (
                <li>
                  <Badge tone="warning">Looking for team</Badge>
                </li>
              ) : null}
              {profile.open_to_training ? (
                <li>
                  <Badge tone="ocean">Open to training partners</Badge>
                </li>
              ) : null}
            </ul>
          </div>
          {/* messaging: start (or reopen) a conversation with this athlete; on one's own page, edit it */}
          <UnlessOwnProfile
            authId={profile.auth_id}
            own={
              <LinkButton href="/edit-profile" variant="inverse" className="sm:ml-auto">
                Edit Your Profile
              </LinkButton>
            }
          >
            <StartConversationButton profileId={profile.id} className="sm:ml-auto" />
          </UnlessOwnProfile>
        </div>
      </div>
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6 md:grid-cols-2">
        <div className="md:col-span-2">
          <Panel id="about-title" title="About">
            <p className="[overflow-wrap:anywhere] wrap-anywhere whitespace-pre-line text-slate-800">
              {profile.bio ?? (
                <span className="text-slate-600 italic">This athlete hasn&apos;t written a bio yet.</span>
              )}
            </p>
          </Panel>
        </div>
        <Panel id="athletic-title" title="Athletic Information">
          <ProfileFacts
            columns={1}
            facts={[
              { label: "Specialty", value: specialtyLabels[profile.specialty] },
              { label: "Experience", value: experienceLabels[profile.experience_level] },
              { label: "Training preference", value: profile.training_preference },
              { label: "Available days", value: availability.days.map((d) => dayLabels[d]).join(", ") },
              { label: "Available times", value: availability.times.map((t) => timeLabels[t]).join(", ") },
            ]}
          />
        </Panel>
        <div className="grid gap-6">
          <Panel id="location-title" title="Location">
            <p className="wrap-anywhere text-slate-800">
              {profile.location.display_name || <span className="text-slate-600 italic">Not specified</span>}
            </p>
          </Panel>
          <Panel id="times-title" title="Target Times">
            <ProfileFacts
              columns={1}
              facts={disciplines.map((d) => ({ label: disciplineLabels[d], value: profile.target_times[d] }))}
            />
          </Panel>
        </div>
        <div className="md:col-span-2">
          <Panel id="goals-title" title="Goals">
            <p className="[overflow-wrap:anywhere] wrap-anywhere whitespace-pre-line text-slate-800">
              {profile.goals}
            </p>
          </Panel>
        </div>
        <div className="md:col-span-2">
          <Panel id="achievements-title" title="Achievements">
            {profile.achievements.length ? (
              <ul className="list-disc space-y-1 pl-5 text-slate-800">
                {profile.achievements.map((a, i) => (
                  <li key={`${i}-${a}`} className="[overflow-wrap:anywhere] wrap-anywhere">
                    {a}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-600 italic">No achievements listed yet.</p>
            )}
          </Panel>
        </div>
        <UnlessOwnProfile authId={profile.auth_id}>
          <p className="text-right md:col-span-2">
            <ReportButton
              kind="profile"
              targetId={profile.id}
              subject={`${profile.full_name}'s profile`}
              label="Report this profile"
              className="text-ocean-800 hover:text-ocean-950 text-sm underline underline-offset-2"
            />
          </p>
          {photo ? (
            <p className="text-right md:col-span-2">
              <ReportButton
                kind="photo"
                targetId={profile.id}
                subject={`${profile.full_name}'s photo`}
                label="Report this photo"
                className="text-ocean-800 hover:text-ocean-950 text-sm underline underline-offset-2"
              />
            </p>
          ) : null}
          <div className="flex justify-end text-right md:col-span-2">
            <BlockButton profileId={profile.id} name={profile.full_name} />
          </div>
        </UnlessOwnProfile>
        <div className="bg-sand-100 rounded-2xl p-6 text-center md:col-span-2">
          <p className="text-ocean-950 text-lg font-semibold">Looking for teammates around Noosa?</p>
          <p className="mt-1 text-slate-700">
            Browse athletes and open relay teams, or create your own profile.
          </p>
          <LinkButton href="/browse" className="mt-4">
            Browse Athletes and Teams
          </LinkButton>
        </div>
      </div>
    </>
  );
}
