import "server-only";
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/core/errors/api-error";

/** Runs a developer-scoped load; another developer's resource or an unknown id shows the 404 page, revealing nothing. */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}
