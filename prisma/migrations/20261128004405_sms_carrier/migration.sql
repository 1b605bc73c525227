-- AlterTable
ALTER TABLE "MessageRecipient" ADD COLUMN     "carrierReference" INTEGER,
ADD COLUMN     "submitAt" TIMESTAMP(3),
ADD COLUMN     "submitAttempts" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "SmsPart" (
    "recipientId" UUID NOT NULL,
    "part" INTEGER NOT NULL,
    "parts" INTEGER NOT NULL,
    "carrierMessageId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "detail" TEXT,

    CONSTRAINT "SmsPart_pkey" PRIMARY KEY ("recipientId","part")
);

-- CreateIndex
CREATE INDEX "SmsPart_carrierMessageId_idx" ON "SmsPart"("carrierMessageId");

-- CreateIndex
CREATE INDEX "MessageRecipient_submitAt_idx" ON "MessageRecipient"("submitAt");

-- AddForeignKey
ALTER TABLE "SmsPart" ADD CONSTRAINT "SmsPart_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "MessageRecipient"("id") ON DELETE CASCADE ON UPDATE CASCADE;

