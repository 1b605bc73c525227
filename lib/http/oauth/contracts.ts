import { z } from "zod";
import { defineContract } from "@/lib/http/rest/contract";
import { guid } from "@/lib/core/validation";

// The OAuth 1.0a endpoints. Their replies are form-encoded and read by position by the original
// clients, so they are not the {entry} envelope.

const FORM = "application/x-www-form-urlencoded";
const token = z.string().meta({ description: "The token (public part)." });
const tokenSecret = z.string().meta({ description: "The token secret: sign later requests with it." });

export const loginContract = defineContract({
  operationId: "login",
  method: "POST",
  path: "/login",
  tag: "OAuth",
  summary: "Log a user in with login and password (xAuth)",
  description:
    "Signed with the consumer secret alone. x_auth_username and x_auth_password travel as " +
    "signed OAuth parameters (Authorization header or a form body); x_auth_scope=read-only " +
    "narrows the token.",
  auth: "consumer",
  success: {
    status: 200,
    description: "The user's access token, in this order.",
    contentType: FORM,
    entry: z.object({ oauth_token: token, oauth_token_secret: tokenSecret, user_guid: guid }),
  },
});

export const logoutContract = defineContract({
  operationId: "logout",
  method: "POST",
  path: "/logout",
  tag: "OAuth",
  summary: "End the session of the token that signs the request",
  auth: "user",
  readOnlyTokenAllowed: true,
  success: { status: 204, description: "The token is revoked." },
});

export const requestTokenContract = defineContract({
  operationId: "requestToken",
  method: "POST",
  path: "/request_token",
  tag: "OAuth",
  summary: "Start the three-legged flow: get a request token",
  description:
    'Signed with the consumer secret alone, with oauth_callback ("oob", or a URL under one of ' +
    "the application's registered callback URL prefixes). Send the user to " +
    "/oauth/authorize?oauth_token=... next. Applications with the legacy OAuth 1.0 flow may " +
    "leave oauth_callback out and pass it to /oauth/display_token.html instead; the reply then " +
    "has no oauth_callback_confirmed.",
  auth: "consumer",
  query: z.object({ scope: z.enum(["read-write", "read-only"]).optional().meta({ description: "Narrow the token; default read-write." }) }),
  success: {
    status: 200,
    description: "The request token, valid 10 minutes.",
    contentType: FORM,
    entry: z.object({ oauth_token: token, oauth_token_secret: tokenSecret, oauth_callback_confirmed: z.literal("true").optional() }),
  },
});

export const accessTokenContract = defineContract({
  operationId: "accessToken",
  method: "POST",
  path: "/access_token",
  tag: "OAuth",
  summary: "Finish the three-legged flow: trade the approved request token for an access token",
  description: "Signed with the request token and its secret, with the oauth_verifier the callback received (none in the legacy OAuth 1.0 flow).",
  auth: "request-token",
  success: {
    status: 200,
    description: "The user's access token, in this order.",
    contentType: FORM,
    entry: z.object({
      oauth_token: token,
      oauth_token_secret: tokenSecret,
      user_guid: guid,
      user: z.string().meta({ description: "<domain>:<login>" }),
    }),
  },
});

export const displayTokenContract = defineContract({
  operationId: "displayToken",
  method: "GET",
  path: "/oauth/display_token.html",
  tag: "OAuth",
  summary: "The original platform's authorization URL",
  description:
    "Redirects to the authorization page, keeping oauth_token. For a legacy (OAuth 1.0) request " +
    "token, oauth_callback names where the user goes back; it must lie under a registered " +
    "callback URL prefix.",
  auth: "none",
  success: { status: 302, description: "Redirect to /oauth/authorize." },
});
