-- CreateTable
CREATE TABLE "GuestToken" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'uphone',
    "callee" TEXT NOT NULL,
    "caller" TEXT,
    "description" TEXT,
    "startDate" TIMESTAMP(3) NOT NULL,
    "endDate" TIMESTAMP(3) NOT NULL,
    "maxConcurrent" INTEGER NOT NULL,
    "secretHash" TEXT NOT NULL,
    "createdWith" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "GuestToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GuestCall" (
    "id" UUID NOT NULL,
    "tokenId" UUID NOT NULL,
    "callId" INTEGER,
    "caller" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GuestCall_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GuestToken_secretHash_key" ON "GuestToken"("secretHash");

-- CreateIndex
CREATE INDEX "GuestToken_userId_createdAt_id_idx" ON "GuestToken"("userId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "GuestCall_callId_key" ON "GuestCall"("callId");

-- CreateIndex
CREATE INDEX "GuestCall_tokenId_createdAt_idx" ON "GuestCall"("tokenId", "createdAt");

-- AddForeignKey
ALTER TABLE "GuestToken" ADD CONSTRAINT "GuestToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GuestToken" ADD CONSTRAINT "GuestToken_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GuestCall" ADD CONSTRAINT "GuestCall_tokenId_fkey" FOREIGN KEY ("tokenId") REFERENCES "GuestToken"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GuestCall" ADD CONSTRAINT "GuestCall_callId_fkey" FOREIGN KEY ("callId") REFERENCES "Call"("id") ON DELETE CASCADE ON UPDATE CASCADE;

