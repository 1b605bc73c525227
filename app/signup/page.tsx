import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { card } from "@/components/styles";
import { currentDeveloper } from "@/lib/portal/session";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Create a developer account" };
export const dynamic = "force-dynamic";

export default async function SignUpPage() {
  if (await currentDeveloper()) redirect("/overview");
  return (
    <div className="mx-auto max-w-md space-y-6">
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Create a developer account</h1>
        <p className="text-slate-600">Then create an application to get its consumer key and secret for the REST API.</p>
      </div>
      <div className={`${card} p-6 shadow-sm`}>
        <SignUpForm />
      </div>
    </div>
  );
}
