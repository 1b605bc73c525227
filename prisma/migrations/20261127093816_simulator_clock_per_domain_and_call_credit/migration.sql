-- AlterTable
ALTER TABLE "Application" ADD COLUMN     "testTool" BOOLEAN NOT NULL DEFAULT false;

-- The seeded demo application is where people try the simulator: it stays able to move its domain's clock.
UPDATE "Application" SET "testTool" = true WHERE "createdWith" = 'seed';

-- AlterTable
ALTER TABLE "Call" ADD COLUMN     "billingAccountId" UUID,
ADD COLUMN     "minutePrice" DECIMAL(18,4),
ADD COLUMN     "paidMinutes" INTEGER NOT NULL DEFAULT 0;

-- The one shared offset moved every domain's calls and belongs to none of them: each domain starts on real time.
DELETE FROM "SimulatorClock";

-- AlterTable
ALTER TABLE "SimulatorClock" DROP CONSTRAINT "SimulatorClock_pkey",
DROP COLUMN "id",
ADD COLUMN     "domainId" UUID NOT NULL,
ADD CONSTRAINT "SimulatorClock_pkey" PRIMARY KEY ("domainId");

-- AddForeignKey
ALTER TABLE "Call" ADD CONSTRAINT "Call_billingAccountId_fkey" FOREIGN KEY ("billingAccountId") REFERENCES "BillingAccount"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SimulatorClock" ADD CONSTRAINT "SimulatorClock_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "Domain"("id") ON DELETE CASCADE ON UPDATE CASCADE;

