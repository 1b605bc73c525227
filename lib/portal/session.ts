import "server-only";
import { redirect } from "next/navigation";
import { auth } from "@/lib/portal/auth";

export interface PortalDeveloper {
  id: string;
  email: string;
  name: string;
}

/** The signed-in developer from the session cookie, or null. Never trust a developer id sent by the client. */
export async function currentDeveloper(): Promise<PortalDeveloper | null> {
  const session = await auth();
  return session?.developer?.id ? session.developer : null;
}

/** The signed-in developer; otherwise redirects to /signin (back to `returnTo` afterwards). */
export async function requireDeveloper(returnTo?: string): Promise<PortalDeveloper> {
  const developer = await currentDeveloper();
  if (!developer) redirect(returnTo ? `/signin?callbackUrl=${encodeURIComponent(returnTo)}` : "/signin");
  return developer;
}
