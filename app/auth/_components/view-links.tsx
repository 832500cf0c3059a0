import Link from "next/link";

const linkClass = "font-medium text-sunset-400 underline-offset-2 hover:underline";

/** The links under an auth form to its other views. */
export function ViewLinks({ links }: { links: [string, string][] }) {
  return (
    <ul className="mt-6 space-y-2 text-center text-sm">
      {links.map(([href, label]) => (
        <li key={href}>
          <Link href={href} className={linkClass}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
