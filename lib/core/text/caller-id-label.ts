/** A caller id for people: a number the user holds (service:, tel:) as +<digits>, anything else as it is. */
export function callerIdLabel(callerId: string): string {
  const number = /^(?:service|tel):(\d+)$/.exec(callerId);
  return number ? `+${number[1]}` : callerId;
}
