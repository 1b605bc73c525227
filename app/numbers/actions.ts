"use server";

import { revalidatePath } from "next/cache";
import { prisma } from "@/lib/core/db/client";
import { importNumbers, parseNumbersCsv } from "@/lib/numbers/import-numbers";
import { isNumberOperator } from "@/lib/numbers/list-inventory";
import type { FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";

/** The operator's import: the CSV pasted or uploaded; nothing is imported while any line is wrong. */
export async function importNumbersAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const developer = await requireDeveloper();
  if (!(await isNumberOperator(developerActor(developer.id)))) {
    return { error: "Only the operator (the developer who owns the default domain) adds numbers to the inventory." };
  }
  const file = formData.get("file");
  const pasted = String(formData.get("csv") ?? "");
  const text = file instanceof File && file.size > 0 ? await file.text() : pasted;
  const { rows, errors } = parseNumbersCsv(text);
  if (errors.length)
    return {
      error: `Nothing was imported. Fix these lines first: ${errors.slice(0, 20).join("; ")}${errors.length > 20 ? `; and ${errors.length - 20} more` : ""}.`,
      values: { csv: pasted },
    };
  if (!rows.length)
    return { error: "The file holds no numbers. Each line is number,country[,sms], e.g. +44 7700 900123,GBR,true.", values: { csv: pasted } };
  const { added, skipped } = await importNumbers(prisma, rows, "portal");
  revalidatePath("/numbers");
  return { notice: `Added ${added} number(s) to the inventory.${skipped ? ` ${skipped} were already there and were left as they were.` : ""}` };
}
