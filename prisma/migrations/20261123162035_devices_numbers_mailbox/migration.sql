-- DropIndex
DROP INDEX "Device_userId_address_key";

-- AlterTable
ALTER TABLE "Device" ADD COLUMN     "checkStatus" TEXT,
ADD COLUMN     "domainId" UUID,
ADD COLUMN     "key" TEXT,
ADD COLUMN     "name" TEXT,
ADD COLUMN     "options" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "verifyAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "verifyCodeHash" TEXT,
ADD COLUMN     "verifyExpiresAt" TIMESTAMP(3),
ADD COLUMN     "verifyTokenHash" TEXT;

-- Existing devices (users' default devices) take their user's domain; email and phone ones await their check.
UPDATE "Device" d SET "domainId" = u."domainId" FROM "User" u WHERE u."id" = d."userId";
UPDATE "Device" SET "checkStatus" = 'pending' WHERE "address" LIKE 'mailto:%' OR "address" LIKE 'tel:%';
ALTER TABLE "Device" ALTER COLUMN "domainId" SET NOT NULL;

-- CreateTable
CREATE TABLE "PhoneNumber" (
    "number" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "sms" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'available',
    "deviceId" UUID,
    "allocatedAt" TIMESTAMP(3),
    "quarantinedUntil" TIMESTAMP(3),
    "source" TEXT NOT NULL DEFAULT 'seed',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PhoneNumber_pkey" PRIMARY KEY ("number")
);

-- CreateTable
CREATE TABLE "MailboxMessage" (
    "id" UUID NOT NULL,
    "domainId" UUID,
    "from" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PhoneNumber_deviceId_key" ON "PhoneNumber"("deviceId");

-- CreateIndex
CREATE INDEX "PhoneNumber_status_country_number_idx" ON "PhoneNumber"("status", "country", "number");

-- CreateIndex
CREATE INDEX "PhoneNumber_status_quarantinedUntil_idx" ON "PhoneNumber"("status", "quarantinedUntil");

-- CreateIndex
CREATE INDEX "MailboxMessage_domainId_createdAt_idx" ON "MailboxMessage"("domainId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Device_verifyTokenHash_key" ON "Device"("verifyTokenHash");

-- CreateIndex
CREATE INDEX "Device_userId_createdAt_id_idx" ON "Device"("userId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Device_domainId_address_key" ON "Device"("domainId", "address");

-- AddForeignKey
ALTER TABLE "Device" ADD CONSTRAINT "Device_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "Domain"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PhoneNumber" ADD CONSTRAINT "PhoneNumber_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "Device"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailboxMessage" ADD CONSTRAINT "MailboxMessage_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "Domain"("id") ON DELETE CASCADE ON UPDATE CASCADE;

