import { handlers } from "@/lib/portal/auth";

export const { GET, POST } = handlers;
