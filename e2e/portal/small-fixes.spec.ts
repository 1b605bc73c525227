import { expect, test, type Page } from "@playwright/test";
import { client, uniqueLogin } from "../support/api-client";
import { demo } from "../support/fixtures";
import { screenshot } from "../support/screenshot";
import { newDeveloper, signIn, signUp } from "./portal-helpers";

// The small findings of issue 26 (item 10), each checked where a developer meets it.

async function placeCall(page: Page, to: string): Promise<void> {
  const form = page.getByRole("region", { name: "Place a test call" });
  await form.getByLabel("To").fill(to);
  await form.getByRole("button", { name: "Place call" }).click();
  await expect(page.getByRole("heading", { name: /^Call #\d+$/, level: 1 })).toBeVisible();
}

test("/favicon.ico is an icon, not a 404", async ({ request }) => {
  const res = await request.get("/favicon.ico");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^image\//);
  expect((await res.body()).length).toBeGreaterThan(100);
});

test(
  "calls in the portal: the default caller id is a purpose number the user holds, a hang-up " +
    "says the portal, a busy call is not 'connected for 0 s'",
  async ({ page, baseURL }, testInfo) => {
    test.slow();
    const api = client(baseURL!);
    const login = uniqueLogin("callerid");
    const created = await api("POST", "/users", { json: { login, password: "portal-user-123" } });
    expect(created.status, created.text).toBe(201);
    const guid = created.body.entry.guid as string;
    const number = await api("POST", `/devices/${guid}`, { json: { id: "@purpose/USA" } });
    expect(number.status, number.text).toBe(201);
    const digits = (number.body.entry.id as string).replace("service:", "");

    await signIn(page, demo.developerEmail, demo.developerPassword);
    await expect(page).toHaveURL(/\/overview$/);
    await page.goto(`/domains/${demo.domain}/users/${guid}/calls`);
    // The form says which caller id the call will show before it is placed.
    await expect(page.getByRole("region", { name: "Place a test call" })).toContainText(`Callers see +${digits}`);

    await placeCall(page, "tel:+1 555 010 0001");
    const live = page.getByTestId("live-call");
    await expect(live).toHaveAttribute("data-status", "CONNECTED");
    await expect(live.getByTestId("call-caller-id")).toHaveText(`+${digits}`);
    await page.getByRole("button", { name: "Hang up" }).click();
    await expect(live).toHaveAttribute("data-status", "COMPLETED");
    await expect(live).toContainText("hung up in the portal");
    await expect(live).not.toContainText("through the API");
    await screenshot(page, testInfo, "small-call-hung-up");

    await page.getByRole("link", { name: `Calls of ${login}` }).click();
    await placeCall(page, "tel:+1 555 010 0002");
    await expect(live).toHaveAttribute("data-status", "BUSY");
    await expect(live.getByTestId("call-connected")).toHaveText("Not connected: busy");
    await screenshot(page, testInfo, "small-call-busy");
  },
);

test("the Numbers page opens on the country of the developer's users' numbers, else the browser's, never simply the first", async ({
  page,
  baseURL,
}, testInfo) => {
  // A new developer without numbers: the browser says en-US.
  await signUp(page, newDeveloper("numbers"));
  await page.goto("/numbers");
  await expect(page.getByLabel("Country")).toHaveValue("USA");
  await expect(page.getByTestId(/^number-\d+$/).first()).toContainText("USA");
  await expect(page.getByTestId(/^number-\d+$/).filter({ hasNotText: "USA" })).toHaveCount(0);
  await expect(page.getByTestId(/^number-61/)).toHaveCount(0);
  // "Any" stays a choice.
  await page.getByLabel("Country").selectOption("");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId(/^number-61/).first()).toBeVisible();

  // The demo developer's user holds a Canadian number: Canada first.
  const api = client(baseURL!);
  const created = await api("POST", "/users", { json: { login: uniqueLogin("canada"), password: "portal-user-123" } });
  const guid = created.body.entry.guid as string;
  expect((await api("POST", `/devices/${guid}`, { json: { id: "@purpose/CAN" } })).status).toBe(201);
  await page.getByRole("button", { name: "Sign out" }).click();
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto("/numbers");
  await expect(page.getByLabel("Country")).toHaveValue("CAN");
  await expect(page.getByTestId(/^number-\d+$/).first()).toContainText("CAN");
  await screenshot(page, testInfo, "small-numbers-default-country");
  // The user page's purpose-number form starts on the same country.
  await page.goto(`/domains/${demo.domain}/users/${guid}`);
  await expect(page.getByRole("region", { name: "Add a purpose number" }).getByLabel("Country")).toHaveValue("CAN");
});
