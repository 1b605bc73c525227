import { prisma, type Tx } from "@/lib/core/db/client";
import { ApiError, notFound } from "@/lib/core/errors/api-error";

export const BILLING_REQUIRED_DETAIL =
  "This user is not in a billing account, so it cannot make calls, hold purpose numbers or send messages. " +
  "The developer must add the user to a billing account in the developer portal (Billing page), or set its accountId. Reading its own data still works.";

/** The user's billing account id; ApiError "billing_required" (403) when it has none. */
export async function requireBillingAccount(userId: string, db: Tx = prisma): Promise<{ accountId: string }> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { accountId: true } });
  if (!user) throw notFound(`User ${userId}`);
  if (!user.accountId) throw new ApiError("billing_required", BILLING_REQUIRED_DETAIL);
  return { accountId: user.accountId };
}
