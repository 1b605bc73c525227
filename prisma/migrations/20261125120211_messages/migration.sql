-- CreateTable
CREATE TABLE "Message" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "domainId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "folder" TEXT NOT NULL,
    "deletedFrom" TEXT,
    "isNew" BOOLEAN NOT NULL DEFAULT true,
    "urgent" BOOLEAN NOT NULL DEFAULT false,
    "title" TEXT,
    "body" TEXT,
    "sender" TEXT,
    "fromAddress" TEXT,
    "dest" TEXT,
    "mediaUri" TEXT,
    "mediaItems" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startTime" TIMESTAMP(3),
    "duration" INTEGER,
    "callId" TEXT,
    "label" TEXT,
    "transcription" TEXT,
    "transcript" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MessageRecipient" (
    "id" UUID NOT NULL,
    "messageId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "destination" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reportDueAt" TIMESTAMP(3),
    "reportStatus" TEXT,
    "detail" TEXT,

    CONSTRAINT "MessageRecipient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserService" (
    "userId" UUID NOT NULL,
    "serviceId" TEXT NOT NULL,
    "voicemail" BOOLEAN NOT NULL DEFAULT false,
    "folders" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UserService_pkey" PRIMARY KEY ("userId","serviceId")
);

-- CreateIndex
CREATE INDEX "Message_userId_folder_time_id_idx" ON "Message"("userId", "folder", "time" DESC, "id");

-- CreateIndex
CREATE INDEX "Message_userId_time_id_idx" ON "Message"("userId", "time" DESC, "id");

-- CreateIndex
CREATE INDEX "Message_domainId_idx" ON "Message"("domainId");

-- CreateIndex
CREATE INDEX "MessageRecipient_reportDueAt_idx" ON "MessageRecipient"("reportDueAt");

-- CreateIndex
CREATE UNIQUE INDEX "MessageRecipient_messageId_position_key" ON "MessageRecipient"("messageId", "position");

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRecipient" ADD CONSTRAINT "MessageRecipient_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserService" ADD CONSTRAINT "UserService_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

