"""The Python client generated from api-spec/openapi.yaml against a running server: TANDEM_URL and TANDEM_TOKEN (an
organisation admin's token) say which. PolyglotClientsIT runs it; docs/api.md shows how by hand."""

import os
import uuid

import pytest
import tandem_client
from tandem_client import (
    ActionsApi,
    CreateSpaceRequest,
    CreateUnitRequest,
    FunctionCall,
    FunctionsApi,
    InvokeRequest,
    Problem,
    SpacesApi,
    UnitPatch,
    UnitsApi,
)
from tandem_client.exceptions import ApiException


def deployment(namespace: str) -> str:
    return f"""apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: {namespace}
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
"""


@pytest.fixture(scope="module")
def client():
    url, token = os.environ.get("TANDEM_URL"), os.environ.get("TANDEM_TOKEN")
    if not url or not token:
        pytest.fail("TANDEM_URL and TANDEM_TOKEN are not set: the test needs a running server and an admin token")
    with tandem_client.ApiClient(tandem_client.Configuration(host=url, access_token=token)) as api_client:
        yield api_client


def problem(error: pytest.ExceptionInfo) -> tuple[int, str]:
    """The status and the problem+json code of a call that failed."""
    assert isinstance(error.value, ApiException)
    assert error.value.headers["Content-Type"] == "application/problem+json"
    assert isinstance(error.value.data, Problem), error.value.body
    return error.value.status, error.value.data.code


def test_a_unit_is_changed_with_if_match_by_a_function_and_applied_to_the_sandbox(client):
    spaces, units, functions, actions = SpacesApi(client), UnitsApi(client), FunctionsApi(client), ActionsApi(client)
    space = f"py-{uuid.uuid4().hex[:8]}"
    assert spaces.create_space(CreateSpaceRequest(slug=space)).slug == space
    created = units.create_unit(space, CreateUnitRequest(slug="web", data=deployment(space), target="sandbox"))
    assert created.head_revision_num == 1

    read = units.get_unit_with_http_info(space, "web")
    etag = read.headers["ETag"]
    assert etag == f'"{read.data.version}"'
    labelled = units.patch_unit(space, "web", if_match=etag, unit_patch=UnitPatch(labels={"tier": "frontend"}))
    assert labelled.labels == {"tier": "frontend"}
    assert labelled.head_revision_num == 1, "a change of labels makes no revision"
    with pytest.raises(ApiException) as stale:
        units.patch_unit(space, "web", if_match=etag, unit_patch=UnitPatch(labels={"tier": "backend"}))
    assert problem(stale) == (412, "precondition-failed")

    invoked = functions.invoke_functions(
        space, InvokeRequest(units=["web"], functions=[FunctionCall(name="set-replicas", args=["3"])]))
    assert (invoked.results[0].mutated, invoked.results[0].revision_num) == (True, 2)
    assert "replicas: 3\n" in units.get_unit(space, "web").data

    applied = actions.apply_unit(space, "web", wait=30)
    assert (applied.result, applied.revision_num) == ("ApplyCompleted", 2), applied.message
    assert actions.get_action(applied.id).status == "Completed"
    assert units.get_unit(space, "web").live_revision_num == 2


def test_an_error_answers_with_the_problems_stable_code(client):
    spaces = SpacesApi(client)
    with pytest.raises(ApiException) as missing:
        spaces.get_space(f"missing-{uuid.uuid4().hex[:8]}")
    assert problem(missing) == (404, "not-found")
    with pytest.raises(ApiException) as invalid:
        spaces.list_spaces(where="Nonsense = 1")
    assert problem(invalid) == (400, "invalid-where")
