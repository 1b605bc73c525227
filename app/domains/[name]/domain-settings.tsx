"use client";

import { useState } from "react";
import { Alert } from "@/components/alert";
import { ConfirmForm } from "@/components/confirm-form";
import { card, input } from "@/components/styles";

/** The domain's name (read-only: logins and application ids are built on it) and its deletion. */
export function DomainSettings({ name, deleteAction }: { name: string; deleteAction: () => Promise<{ error?: string }> }) {
  const [error, setError] = useState<string>();
  return (
    <section className={`${card} divide-y divide-slate-100`} aria-labelledby="domain-settings-heading">
      <div className="space-y-1.5 p-5">
        <h2 id="domain-settings-heading" className="font-semibold">
          Domain settings
        </h2>
        <label htmlFor="domain-name" className="block pt-2 text-sm font-medium text-slate-800">
          Name <span className="font-normal text-slate-500">(read-only)</span>
        </label>
        <input
          id="domain-name"
          value={name}
          readOnly
          aria-describedby="domain-name-hint"
          className={`${input} max-w-sm cursor-default border-dashed bg-slate-100 font-mono text-slate-700 shadow-none`}
        />
        <p id="domain-name-hint" className="text-xs text-slate-500">
          Domain names cannot be renamed: users sign in as {name}:&lt;login&gt; and application ids are {name}:&lt;name&gt;. To use another name,
          create a new domain.
        </p>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-4 p-5">
        <div className="max-w-xl text-sm text-slate-600">
          <p className="font-medium text-slate-800">Delete the domain</p>
          <p className="mt-1">Only an empty domain can be deleted: delete its applications and users first.</p>
        </div>
        <ConfirmForm
          action={async () => setError((await deleteAction()).error)}
          label="Delete domain"
          confirmLabel="Yes, delete it"
          question={
            <>
              Delete the domain <strong>{name}</strong>? This cannot be undone.
            </>
          }
        />
        {error && (
          <div className="w-full">
            <Alert title="The domain was not deleted">{error}</Alert>
          </div>
        )}
      </div>
    </section>
  );
}
