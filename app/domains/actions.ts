"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { createDomain } from "@/lib/domains/create-domain";
import { deleteDomain } from "@/lib/domains/delete-domain";
import { domainBodySchema } from "@/lib/domains/schemas";
import { errorState, formValues, type FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";
import { createUserSchema } from "@/lib/users/schemas";
import { createUser } from "@/lib/users/create-user";
import { deleteUser } from "@/lib/users/delete-user";
import { resetUserPassword } from "@/lib/users/reset-user-password";

const domainPath = (domain: string) => `/domains/${encodeURIComponent(domain)}`;

export async function createDomainAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const developer = await requireDeveloper();
  const values = formValues(formData, ["name"]);
  let name: string;
  try {
    ({ name } = await createDomain(developerActor(developer.id), domainBodySchema.parse({ name: values.name })));
  } catch (error) {
    return errorState(error, values);
  }
  revalidatePath("/domains");
  redirect(`${domainPath(name)}?created=1`);
}

/** Refused while the domain still has applications or users, or is the default domain: the message says which. */
export async function deleteDomainAction(domain: string): Promise<FormState> {
  const developer = await requireDeveloper();
  try {
    await deleteDomain(developerActor(developer.id), { name: domain });
  } catch (error) {
    return errorState(error);
  }
  revalidatePath("/domains");
  redirect("/domains?deleted=1");
}

export async function createUserAction(domain: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const developer = await requireDeveloper();
  const values = formValues(formData, ["login", "firstName", "lastName"]);
  const optional = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  try {
    const input = createUserSchema.parse({
      login: values.login,
      password: String(formData.get("password") ?? ""),
      firstName: optional(values.firstName),
      lastName: optional(values.lastName),
      domain,
    });
    const user = await createUser(developerActor(developer.id), input);
    revalidatePath(domainPath(domain));
    revalidatePath("/domains");
    return { notice: `User ${user.login} was created. They sign in to applications of ${domain} with this login and password.` };
  } catch (error) {
    return errorState(error, values);
  }
}

export async function resetPasswordAction(domain: string, userId: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const developer = await requireDeveloper();
  try {
    await resetUserPassword(developerActor(developer.id), userId, String(formData.get("password") ?? ""));
  } catch (error) {
    return errorState(error, undefined, "password");
  }
  revalidatePath(domainPath(domain));
  return { notice: "Password set. The user is asked to choose a new one at the next sign-in." };
}

export async function deleteUserAction(domain: string, userId: string): Promise<FormState> {
  const developer = await requireDeveloper();
  try {
    await deleteUser(developerActor(developer.id), userId);
  } catch (error) {
    return errorState(error);
  }
  revalidatePath(domainPath(domain));
  revalidatePath("/domains");
  return { notice: "User deleted." };
}
