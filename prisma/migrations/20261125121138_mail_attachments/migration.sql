-- AlterTable
ALTER TABLE "MailboxMessage" ADD COLUMN     "attachments" JSONB NOT NULL DEFAULT '[]';

