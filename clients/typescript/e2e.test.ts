// The TypeScript client generated from api-spec/openapi.yaml against a running server: TANDEM_URL and TANDEM_TOKEN
// (an organisation admin's token) say which. PolyglotClientsIT compiles and runs it; docs/api.md shows how by hand.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import {
  ActionsApi,
  Configuration,
  FunctionsApi,
  ResponseError,
  SpacesApi,
  UnitsApi,
} from "../../target/generated-sources/openapi-typescript";

function environment(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: the test needs a server (TANDEM_URL) and an admin token (TANDEM_TOKEN)`);
  }
  return value;
}

const configuration = new Configuration({
  basePath: environment("TANDEM_URL"),
  accessToken: environment("TANDEM_TOKEN"),
});
const spaces = new SpacesApi(configuration);
const units = new UnitsApi(configuration);
const functions = new FunctionsApi(configuration);
const actions = new ActionsApi(configuration);

function deployment(namespace: string): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: ${namespace}
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx:1.27
`;
}

/** The status and problem+json body of a call that must fail. */
async function problemOf(call: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof ResponseError, `expected a ResponseError, got ${error}`);
    assert.equal(error.response.headers.get("Content-Type"), "application/problem+json");
    const problem = await error.response.json();
    return { status: error.response.status, code: problem.code };
  }
  assert.fail("the call succeeded");
}

test("a unit is created, changed with If-Match, changed by a function and applied to the sandbox", async () => {
  const space = `ts-${randomUUID().slice(0, 8)}`;
  assert.equal((await spaces.createSpace({ createSpaceRequest: { slug: space } })).slug, space);
  const created = await units.createUnit({
    space,
    createUnitRequest: { slug: "web", data: deployment(space), target: "sandbox" },
  });
  assert.equal(created.headRevisionNum, 1);

  const read = await units.getUnitRaw({ space, unit: "web" });
  const etag = read.raw.headers.get("ETag") ?? "";
  assert.equal(etag, `"${(await read.value()).version}"`);
  const labels = { tier: "frontend" };
  const labelled = await units.patchUnit({ space, unit: "web", ifMatch: etag, unitPatch: { labels } });
  assert.deepEqual(labelled.labels, labels);
  assert.equal(labelled.headRevisionNum, 1, "a change of labels makes no revision");
  const stale = await problemOf(
    units.patchUnit({ space, unit: "web", ifMatch: etag, unitPatch: { labels: { tier: "backend" } } }),
  );
  assert.deepEqual(stale, { status: 412, code: "precondition-failed" });

  const invoked = await functions.invokeFunctions({
    space,
    invokeRequest: { units: ["web"], functions: [{ name: "set-replicas", args: ["3"] }] },
  });
  assert.equal(invoked.results?.[0]?.mutated, true);
  assert.equal(invoked.results?.[0]?.revisionNum, 2);
  assert.match((await units.getUnit({ space, unit: "web" })).data ?? "", /replicas: 3\n/);

  const applied = await actions.applyUnit({ space, unit: "web", wait: 30 });
  assert.equal(applied.result, "ApplyCompleted", applied.message ?? "");
  assert.equal(applied.revisionNum, 2);
  const action = await actions.getAction({ id: applied.id ?? "" });
  assert.equal(action.status, "Completed");
  assert.equal((await units.getUnit({ space, unit: "web" })).liveRevisionNum, 2);
});

test("an error answers with the problem's stable code", async () => {
  assert.deepEqual(await problemOf(spaces.getSpace({ space: `missing-${randomUUID().slice(0, 8)}` })), {
    status: 404,
    code: "not-found",
  });
  assert.deepEqual(await problemOf(spaces.listSpaces({ where: "Nonsense = 1" })), {
    status: 400,
    code: "invalid-where",
  });
});
