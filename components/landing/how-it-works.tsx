import { SectionHeading } from "@/components/ui/section-heading";

const steps = [
  {
    title: "Sign Up",
    text: "Create a free account with your e-mail address and confirm it from your inbox.",
  },
  {
    title: "Create Profile",
    text: "Add your specialty, experience, location, training times and race goals.",
  },
  {
    title: "Find Team Members",
    text: "Browse open teams and listed athletes, then message or request to join.",
  },
  { title: "Compete Together", text: "Agree on your legs, register with the organisers and race as a team." },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="py-16 md:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-title" eyebrow="Four steps" title="How It Works" />
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-slate-200 p-6">
              <span
                className="bg-ocean-800 flex h-10 w-10 items-center justify-center rounded-full text-lg font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="text-ocean-900 mt-4 text-lg font-bold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
