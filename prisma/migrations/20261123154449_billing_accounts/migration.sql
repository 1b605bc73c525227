-- AlterTable
ALTER TABLE "Application" ADD COLUMN     "defaultBillingAccountId" UUID;

-- CreateTable
CREATE TABLE "BillingAccount" (
    "id" UUID NOT NULL,
    "developerId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "balance" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "lowCreditThreshold" DECIMAL(18,4) NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BillingAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "item" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "unitPrice" DECIMAL(18,4) NOT NULL,
    "amount" DECIMAL(18,4) NOT NULL,
    "balanceAfter" DECIMAL(18,4) NOT NULL,
    "userId" UUID,
    "reference" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LedgerEntry_pkey" PRIMARY KEY ("id")
);

-- Balances never go below zero, whatever writes them (debits are also conditional updates).
ALTER TABLE "BillingAccount" ADD CONSTRAINT "BillingAccount_balance_not_negative" CHECK ("balance" >= 0);

-- User.accountId was free text; it becomes a reference to a billing account. A value already
-- stored (the platform never wrote one, an import could have) keeps its meaning: one empty account
-- per (developer owning the user's domain, value), named after the value, in USD.
ALTER TABLE "User" RENAME COLUMN "accountId" TO "legacyAccountId";
ALTER TABLE "User" ADD COLUMN "accountId" UUID;
INSERT INTO "BillingAccount" ("id", "developerId", "name", "currency")
SELECT gen_random_uuid(), d."ownerId", u."legacyAccountId", 'USD'
FROM "User" u JOIN "Domain" d ON d."id" = u."domainId"
WHERE u."legacyAccountId" IS NOT NULL
GROUP BY d."ownerId", u."legacyAccountId";
UPDATE "User" u SET "accountId" = b."id"
FROM "Domain" d, "BillingAccount" b
WHERE d."id" = u."domainId" AND b."developerId" = d."ownerId" AND b."name" = u."legacyAccountId";
ALTER TABLE "User" DROP COLUMN "legacyAccountId";

-- CreateIndex
CREATE INDEX "BillingAccount_developerId_createdAt_idx" ON "BillingAccount"("developerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BillingAccount_developerId_name_key" ON "BillingAccount"("developerId", "name");

-- CreateIndex
CREATE INDEX "LedgerEntry_accountId_createdAt_idx" ON "LedgerEntry"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "LedgerEntry_userId_createdAt_idx" ON "LedgerEntry"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "User_accountId_idx" ON "User"("accountId");

-- AddForeignKey
ALTER TABLE "Application" ADD CONSTRAINT "Application_defaultBillingAccountId_fkey" FOREIGN KEY ("defaultBillingAccountId") REFERENCES "BillingAccount"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "BillingAccount"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillingAccount" ADD CONSTRAINT "BillingAccount_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Developer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "BillingAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

