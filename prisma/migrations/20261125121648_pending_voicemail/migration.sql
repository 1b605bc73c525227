-- CreateTable
CREATE TABLE "PendingVoicemail" (
    "callId" INTEGER NOT NULL,
    "userId" UUID NOT NULL,
    "domainId" UUID NOT NULL,
    "from" TEXT NOT NULL,
    "dest" TEXT NOT NULL,
    "startTime" TIMESTAMP(3) NOT NULL,
    "leasedUntil" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PendingVoicemail_pkey" PRIMARY KEY ("callId")
);

-- CreateIndex
CREATE INDEX "PendingVoicemail_leasedUntil_idx" ON "PendingVoicemail"("leasedUntil");

