"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { addBillingMember } from "@/lib/users/add-billing-member";
import { createBillingAccount } from "@/lib/billing/create-billing-account";
import { removeBillingMember } from "@/lib/billing/remove-billing-member";
import { createBillingAccountSchema, topUpSchema, updateBillingAccountSchema } from "@/lib/billing/schemas";
import { topUpBillingAccount } from "@/lib/billing/top-up-billing-account";
import { updateBillingAccount } from "@/lib/billing/update-billing-account";
import { errorState, formValues, type FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";

// Every action reads the developer from the session; the lib functions only touch that developer's accounts.

const accountPath = (id: string) => `/billing/${id}`;

async function refreshed(accountId: string, state: FormState): Promise<FormState> {
  revalidatePath(accountPath(accountId));
  revalidatePath("/billing");
  return state;
}

export async function createBillingAccountAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const developer = await requireDeveloper();
  const values = formValues(formData, ["name", "currency", "credit", "lowCreditThreshold"]);
  let id: string;
  try {
    const input = createBillingAccountSchema.parse({
      name: values.name,
      currency: values.currency,
      credit: values.credit?.trim() || undefined,
      lowCreditThreshold: values.lowCreditThreshold?.trim() || undefined,
    });
    ({ id } = await createBillingAccount(developerActor(developer.id), input));
  } catch (error) {
    return errorState(error, values);
  }
  revalidatePath("/billing");
  redirect(`${accountPath(id)}?created=1`);
}

export async function topUpAction(accountId: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const developer = await requireDeveloper();
  const values = formValues(formData, ["amount", "note"]);
  try {
    const input = topUpSchema.parse({ amount: values.amount?.trim(), note: values.note?.trim() || undefined });
    const { balance } = await topUpBillingAccount(developerActor(developer.id), accountId, input);
    return refreshed(accountId, { notice: `Added ${input.amount}. The balance is now ${balance}.` });
  } catch (error) {
    return errorState(error, values);
  }
}

export async function updateBillingAccountAction(accountId: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const developer = await requireDeveloper();
  const values = formValues(formData, ["name", "lowCreditThreshold"]);
  try {
    const input = updateBillingAccountSchema.parse({ name: values.name, lowCreditThreshold: values.lowCreditThreshold?.trim() });
    await updateBillingAccount(developerActor(developer.id), accountId, input);
    return refreshed(accountId, { notice: "Settings saved." });
  } catch (error) {
    return errorState(error, values);
  }
}

export async function addMemberAction(accountId: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const developer = await requireDeveloper();
  const values = formValues(formData, ["user"]);
  if (!values.user?.trim()) return { fieldErrors: { user: ["is required"] }, values, error: "Check the fields marked below." };
  try {
    const { user, previousAccount } = await addBillingMember(developerActor(developer.id), accountId, values.user);
    const moved = previousAccount ? ` It left "${previousAccount}".` : "";
    return refreshed(accountId, { notice: `${user.domain}:${user.login} is now a member.${moved}` });
  } catch (error) {
    return errorState(error, values);
  }
}

export async function removeMemberAction(accountId: string, userGuid: string): Promise<FormState> {
  const developer = await requireDeveloper();
  try {
    await removeBillingMember(developerActor(developer.id), accountId, userGuid);
    return refreshed(accountId, { notice: "Member removed." });
  } catch (error) {
    return errorState(error);
  }
}
