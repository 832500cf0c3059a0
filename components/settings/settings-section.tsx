import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** One section of /settings: a card with a heading (the page lists sections; each owns its content). */
export function SettingsSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <Card className="space-y-4">
        <h2 id={`${id}-title`} className="text-ocean-950 text-xl font-bold">
          {title}
        </h2>
        {intro ? <p className="text-slate-700">{intro}</p> : null}
        {children}
      </Card>
    </section>
  );
}
