-- AlterTable
ALTER TABLE "PendingVoicemail" ADD COLUMN     "audio" BYTEA,
ADD COLUMN     "audioSeconds" DOUBLE PRECISION;
