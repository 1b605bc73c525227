"use client";

import Link from "next/link";
import { useActionState } from "react";
import { useSWRConfig } from "swr";
import { SubmitButton } from "@/components/submit-button";
import { eventsKeyPrefix } from "./events-keys";

type State = { error?: string; notice?: string; data?: { id: string } };

/** Publishes a TestEvent, then refreshes every list of this application's events on the page. */
export function SendTestEventButton({ appId, action }: { appId: string; action: () => Promise<State> }) {
  const { mutate } = useSWRConfig();
  const [state, formAction] = useActionState(async (): Promise<State> => {
    const result = await action();
    const prefix = eventsKeyPrefix(appId);
    await mutate((key) => typeof key === "string" && key.startsWith(prefix));
    return result;
  }, {});
  return (
    <div className="flex flex-col items-end gap-2">
      <form action={formAction}>
        <SubmitButton pendingText="Sending…">Send test event</SubmitButton>
      </form>
      {state.error && (
        <p role="alert" className="max-w-xs text-right text-sm text-red-700">
          {state.error}
        </p>
      )}
      {state.notice && !state.error && (
        <p role="status" className="max-w-xs text-right text-sm text-slate-600">
          {state.notice}{" "}
          {state.data && (
            <Link href={`/apps/${appId}/events/${encodeURIComponent(state.data.id)}`} className="font-medium text-brand-600 hover:underline">
              View it
            </Link>
          )}
        </p>
      )}
    </div>
  );
}
