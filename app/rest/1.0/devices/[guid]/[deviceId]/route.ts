import { deleteDeviceContract, getDeviceContract, updateDeviceContract } from "@/lib/devices/contracts";
import { deleteDevice } from "@/lib/devices/delete-device";
import { getDevice } from "@/lib/devices/get-device";
import { updateDevice } from "@/lib/devices/update-device";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getDeviceContract, async (ctx, { params }) => getDevice(ctx.actor, params.guid, params.deviceId)),
  operation(updateDeviceContract, async (ctx, { params, body }) => updateDevice(ctx.actor, params.guid, params.deviceId, body)),
  operation(deleteDeviceContract, async (ctx, { params }) => deleteDevice(ctx.actor, params.guid, params.deviceId)),
);
