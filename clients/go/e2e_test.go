// The Go client generated from api-spec/openapi.yaml against a running server: TANDEM_URL and TANDEM_TOKEN (an
// organisation admin's token) say which. PolyglotClientsIT runs it; docs/api.md shows how by hand.
package e2e

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	tandem "tandem.example/clients/go"
)

func connect(t *testing.T) (*tandem.APIClient, context.Context) {
	t.Helper()
	url, token := os.Getenv("TANDEM_URL"), os.Getenv("TANDEM_TOKEN")
	if url == "" || token == "" {
		t.Fatal("TANDEM_URL and TANDEM_TOKEN are not set: the test needs a running server and an admin token")
	}
	configuration := tandem.NewConfiguration()
	configuration.Servers = tandem.ServerConfigurations{{URL: url}}
	return tandem.NewAPIClient(configuration), context.WithValue(context.Background(), tandem.ContextAccessToken, token)
}

func uniqueSlug(t *testing.T, prefix string) string {
	t.Helper()
	random := make([]byte, 4)
	if _, err := rand.Read(random); err != nil {
		t.Fatal(err)
	}
	return prefix + "-" + hex.EncodeToString(random)
}

func deployment(namespace string) string {
	return fmt.Sprintf(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: %s
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
`, namespace)
}

// problem is the HTTP status and the problem+json code of a call that must have failed.
func problem(t *testing.T, response *http.Response, err error) (int, string) {
	t.Helper()
	var apiError *tandem.GenericOpenAPIError
	if !errors.As(err, &apiError) {
		t.Fatalf("expected an error answer from the server, got %v", err)
	}
	if contentType := response.Header.Get("Content-Type"); contentType != "application/problem+json" {
		t.Errorf("Content-Type = %q, want application/problem+json", contentType)
	}
	body, ok := apiError.Model().(tandem.Problem)
	if !ok {
		t.Fatalf("the error's model is %T, not a Problem: %s", apiError.Model(), apiError.Body())
	}
	return response.StatusCode, body.GetCode()
}

// answered is what a call returned, for must to check: answer(call.Execute()).must(t).
type answered[T any] struct {
	value T
	err   error
}

func answer[T any](value T, _ *http.Response, err error) answered[T] {
	return answered[T]{value, err}
}

func (a answered[T]) must(t *testing.T) T {
	t.Helper()
	if a.err != nil {
		var apiError *tandem.GenericOpenAPIError
		if errors.As(a.err, &apiError) {
			t.Fatalf("%v: %s", a.err, apiError.Body())
		}
		t.Fatal(a.err)
	}
	return a.value
}

func TestAUnitIsChangedWithIfMatchByAFunctionAndAppliedToTheSandbox(t *testing.T) {
	client, ctx := connect(t)
	space := uniqueSlug(t, "go")
	answer(client.SpacesAPI.CreateSpace(ctx).CreateSpaceRequest(*tandem.NewCreateSpaceRequest(space)).Execute()).must(t)
	newUnit := tandem.NewCreateUnitRequest("web")
	newUnit.SetData(deployment(space))
	newUnit.SetTarget("sandbox")
	created := answer(client.UnitsAPI.CreateUnit(ctx, space).CreateUnitRequest(*newUnit).Execute()).must(t)
	if created.GetHeadRevisionNum() != 1 {
		t.Fatalf("headRevisionNum = %d, want 1", created.GetHeadRevisionNum())
	}

	read, response, err := client.UnitsAPI.GetUnit(ctx, space, "web").Execute()
	answer(read, response, err).must(t)
	etag := response.Header.Get("ETag")
	if want := fmt.Sprintf("%q", fmt.Sprint(read.GetVersion())); etag != want {
		t.Fatalf("ETag = %s, want %s", etag, want)
	}
	labels := tandem.NewUnitPatch()
	labels.SetLabels(map[string]string{"tier": "frontend"})
	labelled := answer(client.UnitsAPI.PatchUnit(ctx, space, "web").IfMatch(etag).UnitPatch(*labels).Execute()).must(t)
	if labelled.GetLabels()["tier"] != "frontend" || labelled.GetHeadRevisionNum() != 1 {
		t.Fatalf("labels %v at revision %d, want tier=frontend and no new revision",
			labelled.GetLabels(), labelled.GetHeadRevisionNum())
	}
	labels.SetLabels(map[string]string{"tier": "backend"})
	_, response, err = client.UnitsAPI.PatchUnit(ctx, space, "web").IfMatch(etag).UnitPatch(*labels).Execute()
	if status, code := problem(t, response, err); status != 412 || code != "precondition-failed" {
		t.Fatalf("a stale If-Match got %d %s, want 412 precondition-failed", status, code)
	}

	call := tandem.NewFunctionCall("set-replicas")
	call.SetArgs([]string{"3"})
	invoke := tandem.NewInvokeRequest([]tandem.FunctionCall{*call})
	invoke.SetUnits([]string{"web"})
	invoked := answer(client.FunctionsAPI.InvokeFunctions(ctx, space).InvokeRequest(*invoke).Execute()).must(t)
	if result := invoked.GetResults()[0]; !result.GetMutated() || result.GetRevisionNum() != 2 {
		t.Fatalf("set-replicas: mutated %t, revision %d; want true, 2", result.GetMutated(), result.GetRevisionNum())
	}
	changed := answer(client.UnitsAPI.GetUnit(ctx, space, "web").Execute()).must(t)
	if data := changed.GetData(); !strings.Contains(data, "replicas: 3\n") {
		t.Fatalf("the data after set-replicas 3:\n%s", data)
	}

	applied := answer(client.ActionsAPI.ApplyUnit(ctx, space, "web").Wait(30).Execute()).must(t)
	if applied.GetResult() != "ApplyCompleted" || applied.GetRevisionNum() != 2 {
		t.Fatalf("apply: %s of revision %d (%s); want ApplyCompleted of 2",
			applied.GetResult(), applied.GetRevisionNum(), applied.GetMessage())
	}
	action := answer(client.ActionsAPI.GetAction(ctx, applied.GetId()).Execute()).must(t)
	if action.GetStatus() != "Completed" {
		t.Fatalf("the action read back is %s, want Completed", action.GetStatus())
	}
	if live := answer(client.UnitsAPI.GetUnit(ctx, space, "web").Execute()).must(t).GetLiveRevisionNum(); live != 2 {
		t.Fatalf("liveRevisionNum = %d, want 2", live)
	}
}

func TestAnErrorAnswersWithTheProblemsStableCode(t *testing.T) {
	client, ctx := connect(t)
	_, response, err := client.SpacesAPI.GetSpace(ctx, uniqueSlug(t, "missing")).Execute()
	if status, code := problem(t, response, err); status != 404 || code != "not-found" {
		t.Errorf("a missing space: %d %s, want 404 not-found", status, code)
	}
	_, response, err = client.SpacesAPI.ListSpaces(ctx).Where("Nonsense = 1").Execute()
	if status, code := problem(t, response, err); status != 400 || code != "invalid-where" {
		t.Errorf("an unknown attribute in where: %d %s, want 400 invalid-where", status, code)
	}
}
