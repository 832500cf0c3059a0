import Link from "next/link";

/** Session-dependent part of the top bar. Signed-out state only until the accounts work lands. */
export function AuthNav() {
  return (
    <Link
      href="/auth"
      className="rounded-md bg-sunset-600 px-4 py-2 text-sm font-semibold text-white hover:bg-sunset-500"
    >
      Sign In
    </Link>
  );
}
