package io.tandem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.GitRepos;
import io.tandem.support.TandemIT;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Every verb of the command line against the running server: the seed's three commands as its blog wrote them (but
 * for the program's name), the context file, the output formats and the exit codes scripts rely on.
 */
@TandemIT
class CliVerbsIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @TempDir Path dir;
  String space;
  Map<String, String> env;

  record Run(int code, String out, String err) {
    JsonNode json() {
      return Api.JSON.readTree(out);
    }
  }

  Run tandem(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = TandemCli.run(args, new PrintWriter(out), new PrintWriter(err), env);
    return new Run(code, out.toString(), err.toString());
  }

  Run ok(String... args) {
    Run run = tandem(args);
    assertThat(run.code()).as(String.join(" ", args) + "\n" + run.out() + run.err()).isZero();
    return run;
  }

  @BeforeEach
  void setUp() {
    env = new HashMap<>(Map.of("TANDEM_SERVER", "http://localhost:" + port,
        "TANDEM_CONFIG", dir.resolve("config.json").toString()));
    space = Api.uniqueSlug("verbs");
    ok("space", "create", space);
  }

  String payment() {
    return Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
  }

  Path file(String name, String text) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return file;
  }

  void paymentservice() throws Exception {
    ok("unit", "create", "--space", space, "paymentservice", "-f", file("payment.yaml", payment()).toString(),
        "--target", "sandbox");
  }

  @Test
  void theSeedsThreeCommandsWorkAsWrittenButForTheProgramsName() throws Exception {
    paymentservice();
    ok("unit", "apply", "--space", space, "paymentservice");

    Run invoked = ok("function", "invoke", "--space", space, "--unit", "paymentservice",
        "set-container-resources", "server", "floor", "100m", "200Mi", "2");
    assertThat(invoked.out()).contains("paymentservice", "true");
    assertThat(ok("unit", "data", "--space", space, "paymentservice").out()).contains("memory: 200Mi", "memory: 400Mi");
    ok("unit", "apply", "--space", space, "paymentservice");

    try (var client = sandbox.client()) {
      client.apps().deployments().inNamespace(space).withName("paymentservice")
          .edit(deployment -> {
            deployment.getSpec().setReplicas(3);
            return deployment;
          });
    }
    Run refreshed = ok("unit", "refresh", "--space", space, "paymentservice");
    assertThat(refreshed.out()).contains("RefreshAndDrifted");
    assertThat(ok("unit", "data", "--space", space, "paymentservice").out()).contains("replicas: 3");

    ok("unit", "update", "--patch", "--restore", "-1", "--space", space, "paymentservice");
    assertThat(ok("unit", "data", "--space", space, "paymentservice").out()).contains("replicas: 1");
    ok("unit", "update", "--restore=-1", "--space", space, "paymentservice");
    assertThat(ok("unit", "data", "--space", space, "paymentservice").out()).as("-1 of the restore is the drift")
        .contains("replicas: 3");
  }

  @Test
  void aDryRunRefreshThatFindsDriftExitsWithThree() throws Exception {
    paymentservice();
    ok("unit", "apply", "--space", space, "paymentservice");
    assertThat(tandem("unit", "refresh", "--space", space, "paymentservice", "--dry-run").code()).isZero();
    try (var client = sandbox.client()) {
      client.apps().deployments().inNamespace(space).withName("paymentservice")
          .edit(deployment -> {
            deployment.getSpec().setReplicas(2);
            return deployment;
          });
    }

    Run drift = tandem("unit", "refresh", "--space", space, "paymentservice", "--dry-run");

    assertThat(drift.code()).as(drift.out() + drift.err()).isEqualTo(3);
    assertThat(drift.out()).contains("RefreshAndDrifted");
    assertThat(ok("unit", "data", "--space", space, "paymentservice").out()).as("a dry run captures nothing")
        .contains("replicas: 1");
  }

  @Test
  void aContextGivesTheSpaceAndServerAndFunctionsTakeNamedArguments() throws Exception {
    env.remove("TANDEM_SERVER");
    assertThat(tandem("unit", "list").code()).as("no space anywhere: a usage mistake").isEqualTo(2);
    ok("context", "use", "dev", "--server", "http://localhost:" + port, "--space", space);
    assertThat(ok("context", "current").out()).isEqualTo("dev\n");
    assertThat(ok("context", "list").out()).contains("*", "dev", space, "http://localhost:" + port);
    paymentservice();

    ok("function", "do", "set-container-resources", "server", "floor", "100m", "200Mi", "2", "--unit", "paymentservice");
    assertThat(ok("unit", "data", "paymentservice").out()).contains("memory: 200Mi");
    ok("function", "do", "set-replicas", "--replicas=4", "--unit", "paymentservice");
    ok("function", "do", "set-container-resources", "server", "--mode=floor", "--cpu=100m", "--memory=300Mi",
        "--limit-factor=2", "--unit", "paymentservice", "-m", "By name");
    assertThat(ok("unit", "data", "paymentservice").out()).contains("replicas: 4", "memory: 300Mi", "memory: 600Mi");
    ok("function", "do", "--unit", "paymentservice", "--", "set-replicas", "--replicas=5");
    assertThat(ok("unit", "data", "paymentservice").out()).contains("replicas: 5");
    Run unknown = tandem("function", "do", "set-replicas", "--count=4", "--unit", "paymentservice");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err()).contains("no parameter count", "replicas");
    assertThat(ok("function", "explain", "set-container-resources").out()).contains("limitFactor", "mode");
    assertThat(ok("function", "list").out()).contains("set-replicas", "replicas");

    ok("context", "use", "other", "--space", "no-such-space");
    assertThat(tandem("--context", "dev", "unit", "get", "paymentservice").code()).isZero();
    ok("context", "delete", "other");
    assertThat(Files.readString(dir.resolve("config.json"))).contains("\"dev\"").doesNotContain("other");
  }

  @Test
  void revisionsTagsChangeSetsTriggersAndLinks() throws Exception {
    paymentservice();
    ok("unit", "create", "-s", space, "ns", "-f", file("ns.yaml", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: "
        + space + "\n").toString(), "--target", "sandbox");
    ok("function", "do", "-s", space, "set-replicas", "2", "--unit", "paymentservice");
    assertThat(ok("revision", "list", "-s", space, "paymentservice").out()).contains("Create", "Function");
    assertThat(ok("revision", "get", "-s", space, "paymentservice", "-1").out()).contains("PATH");
    assertThat(ok("revision", "get", "-s", space, "paymentservice", "head", "--data").out()).contains("replicas: 2");

    assertThat(ok("tag", "create", "-s", space, "release-1", "--unit", "paymentservice").out()).contains("paymentservice");
    assertThat(ok("tag", "list", "-s", space).out()).contains("release-1");
    assertThat(ok("tag", "get", "-s", space, "release-1").out()).contains("paymentservice");
    ok("function", "do", "-s", space, "set-replicas", "5", "--unit", "paymentservice");
    assertThat(ok("tag", "restore", "-s", space, "release-1").out()).contains("paymentservice");
    assertThat(ok("unit", "data", "-s", space, "paymentservice").out()).contains("replicas: 2");
    assertThat(ok("tag", "apply", "-s", space, "release-1").out()).contains("paymentservice", "Apply");
    ok("tag", "delete", "-s", space, "release-1");

    assertThat(ok("changeset", "create", "-s", space, "scale", "--unit", "paymentservice", "-d", "Scale").out())
        .contains("scale");
    ok("changeset", "add", "-s", space, "scale", "--unit", "ns");
    ok("function", "do", "-s", space, "set-replicas", "3", "--unit", "paymentservice");
    assertThat(ok("changeset", "revisions", "-s", space, "scale").out()).contains("paymentservice");
    assertThat(ok("changeset", "list", "-s", space).out()).contains("scale");
    assertThat(ok("changeset", "get", "-s", space, "scale").out()).contains("ns");
    ok("changeset", "remove", "-s", space, "scale", "ns");
    assertThat(ok("changeset", "apply", "-s", space, "scale").out()).contains("paymentservice", "Apply");
    ok("changeset", "close", "-s", space, "scale");
    ok("changeset", "create", "-s", space, "unused");
    ok("changeset", "delete", "-s", space, "unused");
    assertThat(ok("changeset", "list", "-s", space).out()).doesNotContain("unused");

    assertThat(ok("trigger", "create", "-s", space, "valid", "vet-schemas").out()).contains("vet-schemas");
    assertThat(ok("trigger", "list", "-s", space).out()).contains("valid");
    assertThat(ok("trigger", "update", "-s", space, "valid", "--disable").out()).contains("true");
    assertThat(ok("trigger", "get", "-s", space, "valid").out()).contains("valid");
    ok("trigger", "delete", "-s", space, "valid");

    assertThat(ok("link", "create", "-s", space, "paymentservice", "ns").out()).contains(space + "/ns");
    assertThat(ok("link", "list", "-s", space, "paymentservice").out()).contains(space + "/ns");
    ok("link", "delete", "-s", space, "paymentservice", "ns");
  }

  @Test
  void theUnitsLiveStateApprovalsActionsClonesAndUpgrades() throws Exception {
    paymentservice();
    ok("unit", "apply", "-s", space, "paymentservice");
    assertThat(ok("unit", "live", "-s", space, "paymentservice").out()).contains("Deployment", "paymentservice");
    assertThat(ok("unit", "live", "-s", space, "paymentservice", "--data").out()).contains("kind: Deployment");
    assertThat(ok("unit", "approve", "-s", space, "paymentservice").out()).contains("paymentservice");
    assertThat(ok("unit", "actions", "-s", space, "paymentservice").out()).contains("Apply", "ApplyCompleted");
    assertThat(ok("unit", "diff", "-s", space, "paymentservice", "--from", "1", "--to", "head").out()).contains("OP");
    assertThat(ok("action", "run", "refresh", "-s", space, "--unit", "paymentservice").out()).contains("paymentservice", "Refresh");
    String action = ok("-o", "json", "unit", "actions", "-s", space, "paymentservice").json().path("items").get(0).path("id")
        .asString();
    assertThat(ok("action", "get", action).out()).contains(action);

    String dev = Api.uniqueSlug("verbs-dev");
    ok("space", "create", dev);
    assertThat(ok("clone", "-s", space, "--to", dev, "--unit", "paymentservice").out()).contains(dev, "paymentservice");
    ok("function", "do", "-s", space, "set-replicas", "6", "--unit", "paymentservice");
    assertThat(ok("upgrade", "-s", dev).out()).contains("paymentservice");
    assertThat(ok("unit", "data", "-s", dev, "paymentservice").out()).contains("replicas: 6");
  }

  @Test
  void targetsTokensRolesAuditWebhooksAndEvents() throws Exception {
    String kubeconfig = ok("target", "kubeconfig", "sandbox").out();
    String copy = Api.uniqueSlug("copy");
    ok("target", "create", copy, "--kubeconfig", file("kubeconfig", kubeconfig).toString());
    assertThat(ok("target", "get", copy).out()).contains(copy);
    assertThat(ok("target", "check", copy).out()).contains("true");
    assertThat(ok("target", "update", copy, "--namespace", "apps").out()).contains("apps");
    assertThat(ok("target", "list").out()).contains(copy);
    ok("target", "delete", copy);

    JsonNode issued = ok("-o", "json", "token", "create", "robot-" + space, "--name", "ci").json();
    assertThat(issued.path("secret").asString()).isNotBlank();
    assertThat(ok("token", "list").out()).contains("robot-" + space).doesNotContain(issued.path("secret").asString());
    assertThat(ok("token", "revoke", issued.path("token").path("id").asString()).out()).contains("robot-" + space);
    assertThat(ok("token", "whoami").out()).contains("SUBJECT");

    assertThat(ok("role", "grant", "-s", space, "alice", "viewer").out()).contains("alice", "viewer");
    assertThat(ok("role", "list", "-s", space).out()).contains("alice");
    ok("role", "revoke", "-s", space, "alice");
    assertThat(ok("audit", "--where", "Space = '" + space + "'", "--limit", "50").out()).contains("/roles/alice");

    JsonNode hook = ok("-o", "json", "webhook", "create", "-s", space, "http://127.0.0.1:9/hook").json();
    String id = hook.path("webhook").path("id").asString();
    assertThat(ok("webhook", "list", "-s", space).out()).contains(id);
    assertThat(ok("webhook", "get", "-s", space, id).out()).contains("127.0.0.1:9");
    ok("webhook", "deliveries", "-s", space, id);
    ok("webhook", "delete", "-s", space, id);

    ok("unit", "create", "-s", space, "empty");
    Run events = ok("events", "-s", space, "--since", "0", "--count", "1", "--follow");
    assertThat(events.out()).contains("ID", "RevisionCreated", space);
    Run json = ok("-o", "json", "events", "-s", space, "--idle", "500"); // what is kept, without --since
    assertThat(json.out()).contains("\"type\" : \"RevisionCreated\"");
  }

  @Test
  void gitMirrorAndImport() throws Exception {
    String remote = GitRepos.bare("cli-mirror");
    assertThat(ok("git", "mirror", "-s", space, remote, "--branch", "main").out()).contains(remote);
    assertThat(ok("git", "status", "-s", space).out()).contains("main");
    ok("git", "resume", "-s", space);
    ok("git", "stop", "-s", space);
    assertThat(tandem("git", "status", "-s", space).code()).isEqualTo(1);

    String source = GitRepos.withFiles("cli-import", Map.of("apps/web.yaml", payment()));
    Run imported = ok("git", "import", "-s", space, source, "--path", "apps");
    assertThat(imported.out()).contains("web", "Created");
    assertThat(ok("unit", "list", "-s", space).out()).contains("web");
  }

  @Test
  void aWatchedImportSyncsAndARevisionGoesBackToItsFile() throws Exception {
    String source = GitRepos.withFiles("cli-origin", Map.of("apps/web.yaml", payment()));
    ok("git", "import", "-s", space, source, "--ref", "main", "--path", "apps", "--watch");
    assertThat(ok("unit", "origin", "-s", space, "web").out()).contains(source, "main", "apps/web.yaml");
    GitRepos.commit(source, "main", Map.of("apps/web.yaml", payment().replace("replicas: 1", "replicas: 2")),
        "Two", "ivan");
    assertThat(ok("unit", "origin", "-s", space, "web", "--sync").out()).contains("Updated");

    String data = ok("unit", "data", "-s", space, "web").out();
    ok("unit", "update", "-s", space, "web", "-f", file("web.yaml", data.replace("cpu: 100m", "cpu: 150m")).toString());
    Run proposal = ok("unit", "backport", "-s", space, "web", "3");
    assertThat(proposal.out()).containsPattern("(?m)^-\\s+cpu: 100m$").containsPattern("(?m)^\\+\\s+cpu: 150m$")
        .contains("Reproduces revision 3");
    Run written = ok("unit", "backport", "-s", space, "web", "3", "--write", "--branch", "cpu-150m");
    assertThat(written.out()).contains("cpu-150m");
    assertThat(GitRepos.read(source, "cpu-150m", "apps/web.yaml")).contains("cpu: 150m", "replicas: 2");
    assertThat(tandem("unit", "backport", "-s", space, "web", "3", "--write", "--branch", "cpu-150m").code())
        .as("the branch is there already").isNotZero();
  }

  @Test
  void anApplyADenyWindowRefusesGoesAheadWithOverrideSyncWindows() throws Exception {
    paymentservice();
    new Api(port).send("PUT", "/api/v1/spaces/" + space + "/sync-windows", "application/json", Api.JSON.writeValueAsString(
        Map.of("windows", List.of(Map.of("name", "freeze", "kind", "deny", "schedule", "* * * * *", "duration", "1h")))));

    Run refused = tandem("unit", "apply", "-s", space, "paymentservice");
    Run overridden = ok("unit", "apply", "-s", space, "paymentservice", "--override-sync-windows");

    assertThat(refused.code()).isEqualTo(1);
    assertThat(refused.err()).contains("Error 409", "the deny window 'freeze'", "(sync-window-closed)");
    assertThat(overridden.out()).contains("ApplyCompleted", "Sync windows overridden by");
  }

  @Test
  void outputFormatsUsageMistakesAndRefusals() throws Exception {
    paymentservice();
    assertThat(ok("unit", "get", "-s", space, "paymentservice", "-o", "json").json().path("slug").asString())
        .isEqualTo("paymentservice");
    assertThat(ok("-o", "yaml", "unit", "list", "-s", space).out()).contains("slug: paymentservice");

    Run help = ok("unit", "apply", "--help");
    assertThat(help.out()).contains("Usage: tandem unit apply", "--override-sync-windows", "--wait-for");
    assertThat(ok("target", "list", "-h").out()).contains("Usage: tandem target list");
    Run missing = tandem("target", "create", "elsewhere", "--kubeconfig", dir.resolve("no-such-kubeconfig").toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("Cannot read " + dir.resolve("no-such-kubeconfig") + ": no such file");
    Run usage = tandem("unit", "apply", "-s", space);
    assertThat(usage.code()).isEqualTo(2);
    assertThat(usage.err()).contains("Missing required parameter");
    assertThat(tandem("unit", "no-such-verb").code()).isEqualTo(2);
    assertThat(tandem("unit", "update", "-s", space, "paymentservice", "--patch").code()).isEqualTo(2);

    Run refused = tandem("unit", "get", "-s", space, "nothing-here");
    assertThat(refused.code()).isEqualTo(1);
    assertThat(refused.err()).contains("Error 404", "nothing-here", "(not-found)");
    Run badFilter = tandem("unit", "list", "-s", space, "--where", "Slug ==");
    assertThat(badFilter.code()).isEqualTo(1);
    assertThat(badFilter.err()).containsPattern("Error 400: .+ \\([a-z-]+\\)");

    assertThat(ok("completion").out()).contains("complete", "tandem");
    assertThat(ok("space", "get", space).out()).contains(space);
    assertThat(ok("space", "summary", space).out()).contains("UNITS", "1");
    ok("space", "delete", space, "--recursive", "--confirm");
    assertThat(tandem("space", "get", space).code()).isEqualTo(1);
  }

  @Test
  void theLauncherRunsTheCommandLineJarWithoutTheServersClassPath() throws Exception {
    Path jar;
    try (var files = Files.list(Path.of("target"))) {
      jar = files.filter(path -> path.getFileName().toString().matches("tandem-.*-cli\\.jar")).findFirst().orElse(null);
    }
    Assumptions.assumeTrue(jar != null, "Skipped: no target/tandem-*-cli.jar (mvn package makes it)");
    paymentservice();
    List<String> command = new ArrayList<>(List.of("bin/tandem", "--server", "http://localhost:" + port, "unit", "list",
        "--space", space));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("XDG_CACHE_HOME", dir.resolve("cache").toString());
    builder.environment().put("TANDEM_CONFIG", dir.resolve("none.json").toString());
    for (int run = 0; run < 2; run++) {
      Process process = builder.start();
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.exitValue()).as(out).isZero();
      assertThat(out).startsWith("SLUG").contains("paymentservice", "sandbox");
    }
    try (var archives = Files.list(dir.resolve("cache/tandem"))) {
      assertThat(archives.map(path -> path.getFileName().toString())).as("the class data archive of the first run")
          .anyMatch(name -> name.endsWith(".jsa"));
    }
  }
}
