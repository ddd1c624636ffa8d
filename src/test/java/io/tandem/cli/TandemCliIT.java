package io.tandem.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.imports.domain.ChartRenderer;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import io.tandem.support.TestCharts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** Every verb of the tandem command line, against the running server, through the generated client. */
@TandemIT
class TandemCliIT {

  @LocalServerPort int port;
  @Autowired ChartRenderer charts;
  @Autowired SandboxCluster sandbox;
  @TempDir Path dir;
  String space;

  /** What one command line printed, and its exit code. */
  record Run(int code, String out, String err) {

    JsonNode json() {
      return Api.JSON.readTree(out);
    }
  }

  Run tandem(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = TandemCli.run(args, new PrintWriter(out), new PrintWriter(err), Map.of("TANDEM_SERVER", "http://localhost:" + port));
    return new Run(code, out.toString(), err.toString());
  }

  Run ok(String... args) {
    Run run = tandem(args);
    assertThat(run.code()).as(String.join(" ", args) + "\n" + run.out() + run.err()).isZero();
    return run;
  }

  @BeforeEach
  void setUp() {
    space = Api.uniqueSlug("cli");
    ok("space", "create", space, "--label", "env=dev");
  }

  Path file(String name, String text) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return file;
  }

  String payment() {
    return Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
  }

  @Test
  void spacesAreCreatedAndListedAsATableOrJson() {
    Run table = ok("space", "list", "--where", "Slug = '" + space + "'");
    assertThat(table.out().lines().findFirst().orElseThrow()).startsWith("SLUG").contains("UNITS", "DRIFT MODE");
    assertThat(table.out()).contains(space, "env=dev");

    JsonNode json = ok("-o", "json", "space", "list", "--where", "Slug = '" + space + "'").json();
    assertThat(json.path("items").get(0).path("slug").asString()).isEqualTo(space);
    assertThat(ok("-o", "yaml", "space", "list", "--where", "Slug = '" + space + "'").out()).contains("slug: " + space);
  }

  @Test
  void aUnitGoesThroughItsWholeLife() throws Exception {
    Path yaml = file("payment.yaml", payment());
    assertThat(ok("unit", "create", "-s", space, "paymentservice", "-f", yaml.toString(), "--target", "sandbox").out())
        .contains("paymentservice");
    assertThat(ok("unit", "get", "-s", space, "paymentservice").out()).contains("sandbox");
    assertThat(ok("unit", "list", "-s", space).out()).contains("paymentservice");
    assertThat(ok("unit", "data", "-s", space, "paymentservice").out()).isEqualTo(payment());

    ok("unit", "update", "-s", space, "paymentservice", "-f", file("more.yaml", payment().replace("replicas: 1", "replicas: 2")).toString(),
        "-m", "Two replicas");
    ok("unit", "update", "-s", space, "paymentservice", "--patch", "{\"labels\":{\"tier\":\"payments\"}}");
    assertThat(ok("-o", "json", "unit", "get", "-s", space, "paymentservice").json().path("labels").path("tier").asString())
        .isEqualTo("payments");
    Run revisions = ok("unit", "revisions", "-s", space, "paymentservice");
    assertThat(revisions.out()).contains("Two replicas", "Create");
    assertThat(ok("unit", "diff", "-s", space, "paymentservice").out()).contains("spec.replicas", "replace");

    Run applied = ok("unit", "apply", "-s", space, "paymentservice");
    assertThat(applied.out()).contains("ApplyCompleted");
    assertThat(ok("unit", "refresh", "-s", space, "paymentservice", "--dry-run").out()).contains("RefreshAndNoDrift");
    ok("unit", "update", "-s", space, "paymentservice", "--restore", "-1");
    assertThat(ok("unit", "data", "-s", space, "paymentservice").out()).contains("replicas: 1");
    assertThat(ok("unit", "data", "-s", space, "paymentservice", "-r", "2").out()).contains("replicas: 2");
    assertThat(ok("unit", "destroy", "-s", space, "paymentservice", "--confirm").out()).contains("DestroyCompleted");
  }

  @Test
  void applyModeOfASpaceAndOfAUnit() throws Exception {
    assertThat(ok("-o", "json", "space", "update", space, "--apply-mode", "Continuous").json().path("applyMode").asString())
        .isEqualTo("Continuous");
    ok("unit", "create", "-s", space, "paymentservice", "-f", file("payment.yaml", payment()).toString(), "--target", "sandbox");
    await("applied by the server, without an apply").atMost(Duration.ofSeconds(30))
        .until(() -> ok("-o", "json", "unit", "get", "-s", space, "paymentservice").json(),
            unit -> unit.path("liveRevisionNum").asInt() == 1);

    JsonNode own = ok("-o", "json", "unit", "update", "-s", space, "paymentservice", "--apply-mode", "OnDemand").json();

    assertThat(own.path("applyMode").asString()).isEqualTo("OnDemand");
    assertThat(tandem("space", "update", space, "--apply-mode", "Sometimes").code()).isEqualTo(2);
    assertThat(tandem("unit", "update", "-s", space, "paymentservice", "--apply-mode", "Continuous", "--restore", "-1").code())
        .isEqualTo(2);
  }

  @Test
  void suspendResumeAndTheConfirmationsOfDestroyAndDelete() throws Exception {
    ok("unit", "create", "-s", space, "paymentservice", "-f", file("payment.yaml", payment()).toString(), "--target", "sandbox");
    ok("unit", "apply", "-s", space, "paymentservice");

    Run suspended = ok("unit", "suspend", "-s", space, "paymentservice", "--reason", "Incident 42");
    assertThat(suspended.out().lines().findFirst().orElseThrow()).contains("SUSPENDED");
    assertThat(suspended.out()).contains("Unit");
    assertThat(ok("space", "suspend", space, "--reason", "Change freeze").out()).contains("Change freeze");
    ok("unit", "resume", "-s", space, "paymentservice");
    assertThat(ok("-o", "json", "unit", "get", "-s", space, "paymentservice").json().path("suspended").path("scope").asString())
        .isEqualTo("Space");
    ok("space", "resume", space);
    JsonNode resumed = ok("-o", "json", "unit", "get", "-s", space, "paymentservice").json();
    assertThat(resumed.path("suspended").isMissingNode() || resumed.path("suspended").isNull()).as(resumed.toString()).isTrue();
    assertThat(tandem("unit", "suspend", "-s", space, "paymentservice").code()).as("--reason is required").isEqualTo(2);

    Run refused = tandem("unit", "destroy", "-s", space, "paymentservice");
    assertThat(refused.code()).isEqualTo(1);
    assertThat(refused.err()).contains("Error 409", "confirm=paymentservice", "(confirmation-required)");
    Run notDeleted = tandem("unit", "delete", "-s", space, "paymentservice", "--force");
    assertThat(notDeleted.err()).contains("(confirmation-required)");
    assertThat(ok("unit", "delete", "-s", space, "paymentservice", "--force", "--confirm").out()).contains("Deleted unit paymentservice");
    assertThat(tandem("unit", "get", "-s", space, "paymentservice").code()).isEqualTo(1);
  }

  @Test
  void functionsAreListedAndInvoked() throws Exception {
    ok("unit", "create", "-s", space, "paymentservice", "-f", file("payment.yaml", payment()).toString());
    assertThat(ok("function", "list").out()).contains("set-replicas", "Mutating", "vet-schemas");

    Run invoked = ok("function", "invoke", "-s", space, "set-container-resources", "server", "floor", "100m", "200Mi", "2",
        "--unit", "paymentservice");

    assertThat(invoked.out()).contains("paymentservice", "true", "2");
    assertThat(ok("unit", "data", "-s", space, "paymentservice").out()).contains("memory: 200Mi");
  }

  @Test
  void targetsAreRegisteredFromAKubeconfigAndListed() throws Exception {
    String kubeconfig = new Api(port).get("/api/v1/targets/sandbox/kubeconfig").body();
    String slug = Api.uniqueSlug("copy");

    Run created = ok("target", "create", slug, "--kubeconfig", file("kubeconfig", kubeconfig).toString());

    assertThat(created.out()).contains(slug, "true");
    assertThat(ok("target", "list").out()).contains("sandbox", slug);
  }

  @Test
  void aClusterIsImportedAfterADryRunThatShowsWhatItWouldMakeAndLeaveOut() {
    String namespace = space + "-shop";
    try (var client = sandbox.client()) {
      client.resource("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  labels:\n    app: shop\ndata:\n  mode: fast\n")
          .inNamespace(namespace).create();
      client.resource("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: default\n").inNamespace(namespace).create();
    }

    Run planned = ok("import", "cluster", "-s", space, "--target", "sandbox", "-n", namespace, "--dry-run");

    assertThat(planned.out()).contains("UNIT", "shop", "Planned", "ConfigMap " + namespace + "/settings", "SKIPPED",
        "ServiceAccount " + namespace + "/default", "default ServiceAccount");
    assertThat(ok("unit", "list", "-s", space).out()).doesNotContain("shop");

    JsonNode imported = ok("-o", "json", "import", "cluster", "-s", space, "--target", "sandbox", "-n", namespace,
        "--group-by", "namespace").json();

    assertThat(imported.path("units").get(0).path("unit").asString()).isEqualTo(namespace);
    assertThat(imported.path("units").get(0).path("outcome").asString()).isEqualTo("Created");
    assertThat(ok("unit", "data", "-s", space, namespace).out()).contains("name: settings", "mode: fast");
  }

  @Test
  void mistakesSayWhatWentWrong() {
    Run missing = tandem("unit", "get", "-s", space, "nothing-here");
    assertThat(missing.code()).isEqualTo(1);
    assertThat(missing.err()).contains("404", "nothing-here", "(not-found)");

    Run usage = tandem("unit", "update", "-s", space, "x");
    assertThat(usage.code()).isEqualTo(2);
    assertThat(usage.err()).contains("Give one of --file, --patch or --restore");
    assertThat(tandem("--help").out()).contains("space", "unit", "function", "target", "import");
  }

  @Test
  void aHelmChartIsImportedAndUpgradedToItsNextVersion() throws Exception {
    Assumptions.assumeTrue(charts.unavailable().isEmpty(), () -> "Skipped: Helm does not load here: " + charts.unavailable());
    Path one = dir.resolve("shop-1.0.0.tgz");
    Files.write(one, TestCharts.packed("1.0.0"));
    Path two = dir.resolve("shop-2.0.0.tgz");
    Files.write(two, TestCharts.packed("2.0.0"));
    Path values = file("values.yaml", "replicas: 3\n");

    Run imported = ok("import", "helm", "-s", space, "--chart", one.toString(), "--release", "web", "-f", values.toString());
    assertThat(imported.out().lines().findFirst().orElseThrow()).startsWith("UNIT").contains("OUTCOME", "OBJECTS");
    assertThat(imported.out()).contains("web", "Created", "shop 1.0.0");
    assertThat(ok("unit", "data", "-s", space, "web").out()).contains("replicas: 3", "nginx:1.27");

    Run upgraded = ok("unit", "upgrade", "-s", space, "web", "--chart", two.toString());
    assertThat(upgraded.out()).contains("shop 1.0.0", "shop 2.0.0");
    assertThat(ok("unit", "data", "-s", space, "web").out()).contains("replicas: 3", "nginx:1.28");

    Run refused = tandem("import", "helm", "-s", space, "--repo", "https://charts.example.com");
    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err()).contains("--repo with --name");
  }
}
