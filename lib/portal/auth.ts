import { config } from "@/lib/core/config";
import { log } from "@/lib/core/log";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import type { Provider } from "next-auth/providers";
import { verifyDeveloperCredentials } from "@/lib/developers/developers";
import { developerSessionVersion, endDeveloperSessions } from "@/lib/developers/sessions";
import { developerForOAuthProfile } from "@/lib/developers/oauth-developer";
import { clientAddress } from "@/lib/http/limits/client-address";
import { LoginThrottled, loginLimiter } from "@/lib/http/limits/rate-limit";
import { sameOriginPath } from "@/lib/http/limits/same-origin-path";

// Portal sign-in. Developers sign in with email + password (Credentials); GitHub and Google are
// added when their client id and secret are configured. Sessions are JWTs (Credentials cannot use
// database sessions) carrying the developer's id, email and name.

declare module "next-auth" {
  interface Session {
    developer: { id: string; email: string; name: string };
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    developerId?: string;
    /** Developer.sessionVersion at sign-in; an older one than the account's means the session was ended. */
    sessionVersion?: number;
  }
}

/** A wrong password while this address must wait: the sign-in form shows the message (with the wait). */
export class SignInThrottled extends CredentialsSignin {
  code = "throttled";
  constructor(readonly throttled: LoginThrottled) {
    super(throttled.message);
  }
}

function providers(): Provider[] {
  const list: Provider[] = [
    Credentials({
      id: "credentials",
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        const email = typeof credentials?.email === "string" ? credentials.email.trim().toLowerCase() : "";
        const password = typeof credentials?.password === "string" ? credentials.password : "";
        if (!email || !password) return null;
        const attempt = { scope: "developer" as const, account: email, address: clientAddress(request.headers) };
        const developer = await loginLimiter()
          .attempt(attempt, () => verifyDeveloperCredentials(email, password))
          .catch((error: unknown) => {
            throw error instanceof LoginThrottled ? new SignInThrottled(error) : error;
          });
        return developer ? { id: developer.id, email: developer.email, name: developer.name } : null;
      },
    }),
  ];
  if (config().AUTH_GITHUB_ID && config().AUTH_GITHUB_SECRET) list.push(GitHub);
  if (config().AUTH_GOOGLE_ID && config().AUTH_GOOGLE_SECRET) list.push(Google);
  return list;
}

/** The third-party sign-in buttons to show on /signin (id and label). */
export function oauthProviders(): { id: string; name: string }[] {
  const list: { id: string; name: string }[] = [];
  if (config().AUTH_GITHUB_ID && config().AUTH_GITHUB_SECRET) list.push({ id: "github", name: "GitHub" });
  if (config().AUTH_GOOGLE_ID && config().AUTH_GOOGLE_SECRET) list.push({ id: "google", name: "Google" });
  return list;
}

export const authConfig = {
  providers: providers(),
  session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 },
  pages: { signIn: "/signin", error: "/signin" },
  trustHost: true,
  // JSON lines like the rest of the server; a refused sign-in is expected: one line, no stack.
  logger: {
    error(error) {
      const type = (error as Error & { type?: string }).type ?? error.name;
      if (error instanceof CredentialsSignin) log.info("portal sign-in refused", { type, reason: error.code });
      else log.error("auth error", { type, error: error.stack ?? error.message, cause: String((error.cause as { err?: Error })?.err?.stack ?? "") });
    },
    warn(code) {
      log.warn("auth warning", { code });
    },
  },
  events: {
    // Also for a copy of the cookie: its version is now older than the account's.
    async signOut(message) {
      const developerId = "token" in message ? message.token?.developerId : undefined;
      if (developerId) await endDeveloperSessions(developerId);
    },
  },
  callbacks: {
    // Only paths on this site: a crafted callbackUrl must not send a developer elsewhere after sign-in.
    redirect({ url, baseUrl }) {
      return `${baseUrl}${sameOriginPath(url.startsWith(baseUrl) ? url.slice(baseUrl.length) || "/" : url, "/")}`;
    },
    async signIn({ user, account, profile }) {
      if (!account || account.provider === "credentials") return Boolean(user?.id);
      const email = user.email ?? profile?.email;
      if (!email) return "/signin?error=NoEmail";
      // Only Google says whether the address is verified; a GitHub email is not trusted to claim an existing account.
      const verified = account.provider === "google" && profile?.email_verified === true;
      const developer = await developerForOAuthProfile(account.provider, email, user.name ?? "", verified);
      if (!developer) return "/signin?error=AccountExists";
      // Carried to the jwt callback below through the user object.
      user.id = developer.id;
      user.email = developer.email;
      user.name = developer.name;
      return true;
    },
    async jwt({ token, user }) {
      if (user?.id) {
        token.developerId = user.id;
        token.email = user.email ?? token.email;
        token.name = user.name ?? token.name;
        token.sessionVersion = (await developerSessionVersion(user.id)) ?? 0;
        return token;
      }
      if (!token.developerId) return token;
      // One primary-key read per request: a session ended by sign-out or a password change (or a deleted account) is refused.
      const current = await developerSessionVersion(token.developerId);
      return current !== null && current === token.sessionVersion ? token : null;
    },
    session({ session, token }) {
      if (token.developerId) {
        session.developer = { id: token.developerId, email: token.email ?? "", name: token.name ?? "" };
      }
      return session;
    },
  },
} satisfies NextAuthConfig;

export const { handlers, auth, signIn, signOut } = NextAuth(authConfig);
