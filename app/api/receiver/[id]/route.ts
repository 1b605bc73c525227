import { receiveDelivery } from "@/lib/events/receiver";
import { receiverRoute } from "@/lib/http/jobs-auth";

// The built-in webhook receiver: the deliverer's copies of a watched application's deliveries (docs/webhooks.md).
export const POST = receiverRoute(receiveDelivery);
