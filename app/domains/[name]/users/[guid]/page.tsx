import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/page-header";
import { buttonSecondary } from "@/components/styles";
import { deviceFilterable } from "@/lib/devices/contracts";
import { listDevices } from "@/lib/devices/list-devices";
import { mailDelivery } from "@/lib/mail/send-mail";
import { homeCountry } from "@/lib/numbers/home-country";
import { freeNumberCountries } from "@/lib/numbers/list-inventory";
import { orNotFound } from "@/lib/portal/or-not-found";
import { requireDeveloper } from "@/lib/portal/session";
import { parseListQuery } from "@/lib/http/rest/list-query";
import { developerActor } from "@/lib/core/tenancy/actor";
import { getUser } from "@/lib/users/get-user";
import { listBillingAccounts } from "@/lib/billing/list-billing-accounts";
import { listServices } from "@/lib/services/list-services";
import {
  addDeviceAction,
  addPurposeNumberAction,
  checkForwardingAction,
  removeDeviceAction,
  resendCheckAction,
  setUserAccountAction,
  updateDeviceAction,
  updateServiceAction,
  verifyCodeAction,
} from "./actions";
import { TranscriptionServices } from "./transcription-form";
import { AddDeviceForm, PurposeNumberForm } from "./add-device-forms";
import { DeviceCard } from "./device-card";
import { UserBillingForm } from "./user-billing-form";
import { messagesPagePath } from "./messages/messages-path";
import { decodedSegment, userPagePath } from "./user-path";

export const metadata: Metadata = { title: "User" };
export const dynamic = "force-dynamic";

export default async function UserPage({ params }: { params: Promise<{ name: string; guid: string }> }) {
  const { name: rawName, guid } = await params;
  const domain = decodedSegment(rawName);
  const developer = await requireDeveloper(userPagePath(domain, guid));
  const actor = developerActor(developer.id);
  const user = await orNotFound(() => getUser(actor, guid));
  if (user.domain !== domain) notFound();
  const [devices, countries, accounts, home, services] = await Promise.all([
    listDevices(actor, user.guid, parseListQuery(new URLSearchParams(), deviceFilterable)),
    freeNumberCountries(),
    listBillingAccounts(actor),
    homeCountry(actor, (await headers()).get("accept-language")),
    listServices(actor, user.guid),
  ]);
  const account = accounts.find((a) => a.accountId === user.accountId) ?? null;
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");

  return (
    <div className="space-y-8">
      <PageHeader
        back={{ href: `/domains/${encodeURIComponent(domain)}`, label: domain }}
        title={user.login}
        description={
          <>
            {fullName ? `${fullName}. ` : ""}Known to the API as{" "}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm break-all">{user.guid}</code>.
          </>
        }
        action={
          <div className="flex gap-2">
            <Link href={`${userPagePath(domain, user.guid)}/calls`} className={buttonSecondary}>
              Calls
            </Link>
            <Link href={messagesPagePath(domain, user.guid)} className={buttonSecondary}>
              Messages
            </Link>
          </div>
        }
      />
      <section className="space-y-3" aria-labelledby="devices-heading">
        <h2 id="devices-heading" className="text-lg font-semibold">
          Devices <span className="font-normal text-slate-500">({devices.totalResults})</span>
        </h2>
        <p className="text-sm text-slate-600">
          The addresses this user is reached at. Every user keeps at least one: the default device goes only once another exists.
        </p>
        <ul className="space-y-3">
          {devices.entry.map((device) => (
            <DeviceCard
              key={device.id}
              device={device}
              updateAction={updateDeviceAction.bind(null, domain, user.guid, device.id)}
              verifyAction={verifyCodeAction.bind(null, domain, user.guid, device.id)}
              resendAction={resendCheckAction.bind(null, domain, user.guid, device.id)}
              checkForwardingAction={checkForwardingAction.bind(null, domain, user.guid, device.id)}
              removeAction={removeDeviceAction.bind(null, domain, user.guid, device.id)}
            />
          ))}
        </ul>
        {devices.totalResults > devices.entry.length && (
          <p className="text-sm text-slate-500">
            Showing the first {devices.entry.length} of {devices.totalResults} devices.
          </p>
        )}
      </section>
      <UserBillingForm current={account} accounts={accounts} action={setUserAccountAction.bind(null, domain, user.guid)} />
      <TranscriptionServices
        services={services}
        actions={Object.fromEntries(services.map((s) => [s.id, updateServiceAction.bind(null, domain, user.guid, s.id)]))}
      />
      <PurposeNumberForm
        action={addPurposeNumberAction.bind(null, domain, user.guid)}
        countries={countries}
        defaultCountry={home}
        billed={user.accountId !== undefined}
      />
      <AddDeviceForm action={addDeviceAction.bind(null, domain, user.guid)} mailbox={mailDelivery() === "mailbox"} />
    </div>
  );
}
