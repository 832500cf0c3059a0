import { SectionHeading } from "@/components/ui/section-heading";

const features = [
  {
    title: "Urgent matching",
    text: "Lost a teammate a week out? List the leg you need and reach athletes who are ready to race now.",
  },
  {
    title: "Athlete profiles",
    text: "Specialty, experience level, preferred training times and goals — so you know who fits before you ask.",
  },
  {
    title: "Relay teams",
    text: "Create one team, say which legs and levels you need, and take join requests from interested athletes.",
  },
  {
    title: "Direct messages",
    text: "Talk one to one with a swimmer, rider or runner and agree the details without swapping numbers first.",
  },
  {
    title: "Local conditions",
    text: "Current Noosa weather and wind on your dashboard when you plan the next ocean swim or ride.",
  },
  {
    title: "Free to use",
    text: "Finding partners here costs nothing. Race entries are bought separately from the event organisers.",
  },
];

export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="bg-sand-100 py-16 md:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Why athletes use it"
          title="Everything you need to form a team fast"
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-ocean-900 text-lg font-bold">{feature.title}</h3>
              <p className="mt-2 text-slate-700">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
