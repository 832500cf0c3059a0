import { SectionHeading } from "@/components/ui/section-heading";

const useCases = [
  {
    title: "Replace a withdrawn teammate",
    text: "Your runner is injured and race day is close. Post the open leg, see runners who are looking for a team and message them straight away.",
  },
  {
    title: "Race only the part you love",
    text: "Strong swimmer but no bike? Join a relay for one leg of the course and still be part of race day.",
  },
  {
    title: "Elite in one discipline",
    text: "If you rank near the top in a single leg, find two teammates at your level and chase a fast relay time together.",
  },
];

export function UseCases() {
  return (
    <section aria-labelledby="use-cases-title" className="bg-ocean-50 py-16 md:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="use-cases-title" eyebrow="Made for real race weeks" title="Who it helps" />
        <ul className="grid gap-6 md:grid-cols-3">
          {useCases.map((useCase) => (
            <li key={useCase.title} className="ring-ocean-100 rounded-2xl bg-white p-6 shadow-sm ring-1">
              <h3 className="text-ocean-900 text-lg font-bold">{useCase.title}</h3>
              <p className="mt-2 text-slate-700">{useCase.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
