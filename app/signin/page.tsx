import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { oauthProviders } from "@/lib/portal/auth";
import { Alert } from "@/components/alert";
import { buttonSecondary, card } from "@/components/styles";
import { currentDeveloper } from "@/lib/portal/session";
import { sameOriginPath } from "@/lib/http/limits/same-origin-path";
import { oauthSignInAction } from "./actions";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

const errorMessages: Record<string, string> = {
  AccountExists: "An account with this email already exists. Sign in with your email and password.",
  NoEmail: "That account did not share an email address with us. Make your email visible there, or sign up with email and password.",
  CredentialsSignin: "The email or password is wrong, or there were too many failed attempts: wait a few minutes and try again.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = typeof params.callbackUrl === "string" ? params.callbackUrl : undefined;
  if (await currentDeveloper()) redirect(sameOriginPath(callbackUrl));
  const error = typeof params.error === "string" ? (errorMessages[params.error] ?? "Signing in did not work. Try again.") : undefined;
  const providers = oauthProviders();
  return (
    <div className="mx-auto max-w-md space-y-6">
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Sign in to the developer portal</h1>
        <p className="text-slate-600">Manage your applications, their keys, and the users of your domains.</p>
      </div>
      <div className={`${card} space-y-5 p-6 shadow-sm`}>
        {error && <Alert>{error}</Alert>}
        <SignInForm callbackUrl={callbackUrl} />
        {providers.length > 0 && (
          <div className="space-y-3 border-t border-slate-200 pt-5">
            <p className="text-center text-xs uppercase tracking-wider text-slate-500">or</p>
            {providers.map((p) => (
              <form key={p.id} action={oauthSignInAction.bind(null, p.id)}>
                {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
                <button type="submit" className={`${buttonSecondary} w-full`}>
                  Continue with {p.name}
                </button>
              </form>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
