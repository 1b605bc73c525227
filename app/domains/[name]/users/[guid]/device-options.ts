import type { DeviceOption } from "@/lib/devices/schemas";

/** What the portal calls each of the original platform's device options. */
export const DEVICE_OPTION_LABELS: Record<DeviceOption, string> = {
  callme: "Ring for calls",
  notifyvm: "Notify of voicemail",
  notifymissedcall: "Notify of missed calls",
  notifytranscription: "Send transcriptions",
  attachmessage: "Attach the voicemail audio",
  usewave: "Audio as WAV",
  ringstatus: "Ring status",
  autoAnswer: "Answer automatically",
  allowCCF: "Allow call forwarding",
  shared: "Shared",
  showcalled: "Show the called number",
  answersecurity: "Key press before connecting",
  mailtext: "Plain-text notifications",
  callbackreachme: "Call back (Reach Me)",
};
