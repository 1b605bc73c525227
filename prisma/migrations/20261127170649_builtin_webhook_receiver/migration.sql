-- AlterTable
ALTER TABLE "Application" ADD COLUMN     "receiverWatchedUntil" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ReceivedDelivery" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "eventId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "body" TEXT NOT NULL,
    "signatureValid" BOOLEAN NOT NULL,
    "verification" TEXT NOT NULL,

    CONSTRAINT "ReceivedDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReceivedDelivery_applicationId_receivedAt_idx" ON "ReceivedDelivery"("applicationId", "receivedAt");

-- AddForeignKey
ALTER TABLE "ReceivedDelivery" ADD CONSTRAINT "ReceivedDelivery_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

