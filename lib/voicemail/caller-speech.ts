/** What the simulator's caller says: its number digit by digit, so the recording's length follows the number. */
export function callerSpeech(from: string): string {
  const digits = from.replace(/\D/g, "").split("").join(" ");
  return `Hello, this is a message from ${digits || "an unknown number"}. Sorry I missed you. Please call me back when you can. Goodbye.`;
}
