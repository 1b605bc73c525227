-- AlterTable
ALTER TABLE "PhoneNumber" ADD COLUMN     "paidUntil" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "PhoneNumber_status_paidUntil_idx" ON "PhoneNumber"("status", "paidUntil");


-- Backfill: numbers allocated before renewals existed paid their first month at allocation.
UPDATE "PhoneNumber" SET "paidUntil" = COALESCE("allocatedAt", CURRENT_TIMESTAMP) + INTERVAL '1 month' WHERE "status" = 'allocated';
