import { createDevice } from "@/lib/devices/create-device";
import { createDeviceContract, listDevicesContract, searchNumbersContract } from "@/lib/devices/contracts";
import { listDevices } from "@/lib/devices/list-devices";
import { searchNumbers } from "@/lib/numbers/search-numbers";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listDevicesContract, async (ctx, { params, query }) => listDevices(ctx.actor, params.guid, query)),
  operation(createDeviceContract, async (ctx, { params, body }) => createDevice(ctx.actor, params.guid, body)),
  operation(searchNumbersContract, async (_ctx, { query }) => searchNumbers(query)),
);
