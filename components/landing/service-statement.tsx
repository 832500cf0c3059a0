import { event, site } from "@/lib/site";

/** The statement the landing page must make (docs/product.md#landing-pages): free service, paid separate registration, no affiliation. */
export function ServiceStatement({ className = "" }: { className?: string }) {
  return (
    <p className={`text-sm text-slate-700 ${className}`}>
      {site.name} is a free service. Event registration is separate and paid to the{" "}
      <a href={event.organiserUrl} className="text-ocean-800 font-medium underline underline-offset-2">
        {event.name} organisers
      </a>
      . {site.name} is an independent community site and is not affiliated with or endorsed by the event
      organisers.
    </p>
  );
}
