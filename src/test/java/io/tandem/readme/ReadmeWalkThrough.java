package io.tandem.readme;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.readme.ReadmeBlocks.Block;
import io.tandem.readme.ReadmeBlocks.Mode;
import io.tandem.readme.ReadmeBlocks.Step;
import io.tandem.readme.WalkThroughShell.Result;
import io.tandem.sandbox.ControlPlaneBinaries;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The README's shell blocks, run in order with bash against the started server, each step's output checked against
 * what the README shows ({@link ReadmeBlocks}, {@link OutputMatcher}). What differs from a person's terminal, and
 * only that: the port ({@code localhost:8080} becomes the test server's), and the folder the commands run in, a
 * fresh one standing for the repository root, with the fixture the walk-through reads, and {@code .tandem/} holding an
 * admin token and the sandbox's kubeconfig as a local run's data folder would.
 */
abstract class ReadmeWalkThrough {

  /** The spaces the README's story creates: removed before and after, so it starts on a server without them. */
  static final List<String> STORY_SPACES = List.of("apptique-prod", "apptique-staging", "apptique-eu", "base", "dev", "prod");
  /** The services' YAML the README reads, and the objects they and the README's adopted app (web) make. */
  static final Path FIXTURES = Path.of("src/test/resources/units");
  static final List<String> STORY_OBJECTS = List.of("paymentservice", "cartservice", "checkoutservice", "web");

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @Autowired JdbcClient jdbc;
  @TempDir Path temp;

  @Test
  void everyShellBlockOfTheReadmeRunsAndPrintsWhatTheReadmeShows() throws Exception {
    // the README's walk-through goes on in docs/walk-through.md, on the same server; read as one text, so that a step's
    // line (past the README's last, one in the walk-through page) names it alone
    String readme = Files.readString(Path.of("README.md"));
    List<Block> readmeBlocks = ReadmeBlocks.parse(readme);
    List<Block> blocks = new ArrayList<>(inOrderToRun(readmeBlocks));
    List<Block> all = ReadmeBlocks.parse(readme + "\n" + Files.readString(Path.of("docs", "walk-through.md")));
    blocks.addAll(all.subList(readmeBlocks.size(), all.size()));
    List<Step> steps = stepsToRun(blocks);
    removeTheStory();

    List<Result> results = new WalkThroughShell(workDir(), environment(), Duration.ofMinutes(3)).run(steps);

    results.forEach(result -> System.out.println("[readme] line " + result.step().line() + ", exit " + result.status()
        + ":\n" + result.step().commands() + result.output()));
    assertThat(steps.stream().filter(step -> step.expected() != null).count()).as("steps that show their output")
        .isGreaterThanOrEqualTo(10);
    assertThat(failures(results)).as("README steps that do not do what the README says").isEmpty();
  }

  /** The README's blocks in the order this test runs them. */
  abstract List<Block> inOrderToRun(List<Block> readme);

  private List<Step> stepsToRun(List<Block> blocks) {
    boolean realCluster = sandbox.engine().equals("kube-apiserver");
    List<Step> steps = new ArrayList<>();
    for (Block block : blocks) {
      if (block.mode() == Mode.SKIP) {
        System.out.println("[readme] not run, README line " + block.line() + ": " + block.reason());
      } else if (block.mode() == Mode.REAL_CLUSTER && !realCluster) {
        System.out.println("[readme] not run on the mock sandbox, README line " + block.line()
            + ": it needs the real control plane (server/sandbox/build-cluster.sh builds it)");
      } else if (block.mode() == Mode.MOCK && realCluster) {
        System.out.println("[readme] not run on the real control plane, README line " + block.line() + ": the mock's way");
      } else {
        block.steps().forEach(step -> steps.add(new Step(step.line(),
            step.commands().replace("localhost:8080", "localhost:" + port), step.expected())));
      }
    }
    return steps;
  }

  @AfterEach
  void removeTheStory() {
    STORY_SPACES.forEach(space -> new Api(port).delete("/api/v1/spaces/" + space + "?recursive=true"));
    // the test server is shared: another test's unit may have applied default/paymentservice, which a newcomer's
    // server would not have, and the README's apply would then be refused as owned by that unit
    jdbc.sql("delete from applied_object where target = 'sandbox' and namespace = 'default' and name in (:names)")
        .param("names", STORY_OBJECTS).update();
    try (var client = sandbox.client()) {
      for (String name : STORY_OBJECTS) {
        client.apps().deployments().inNamespace("default").withName(name).delete();
        client.services().inNamespace("default").withName(name).delete();
      }
    }
  }

  /** The repository root as the README's commands see it: the fixture, and a data folder with a token. */
  private Path workDir() throws Exception {
    Path root = Files.createDirectories(temp.resolve("tandem"));
    Files.createDirectories(root.resolve(FIXTURES));
    try (var fixtures = Files.list(FIXTURES)) {
      for (Path fixture : fixtures.toList()) {
        Files.copy(fixture, root.resolve(fixture.toString()));
      }
    }
    Api.Response issued = new Api(port).post("/api/v1/tokens", Map.of("subject", "readme", "orgAdmin", true));
    assertThat(issued.status()).as(issued.toString()).isEqualTo(201);
    Files.createDirectories(root.resolve(".tandem/sandbox"));
    Files.writeString(root.resolve(".tandem/admin.token"), issued.json().path("secret").asString() + "\n");
    Files.writeString(root.resolve(".tandem/sandbox/kubeconfig"), sandbox.kubeconfig());
    return root;
  }

  /** A clean environment: no token, kubeconfig or server of the person running the tests; the sandbox's kubectl. */
  private Map<String, String> environment() throws Exception {
    Path bin = Files.createDirectories(temp.resolve("bin"));
    Optional<Path> kubectl = ControlPlaneBinaries.findDefault(new StringBuilder()).map(ControlPlaneBinaries::kubectl)
        .filter(Files::isExecutable);
    if (kubectl.isPresent()) {
      Path wrapper = Files.writeString(bin.resolve("kubectl"), "#!/bin/sh\nexec '" + kubectl.get() + "' \"$@\"\n");
      wrapper.toFile().setExecutable(true);
    }
    Path home = Files.createDirectories(temp.resolve("home"));
    return Map.of("PATH", bin + ":" + System.getenv("PATH"), "HOME", home.toString(), "LANG", "C.UTF-8");
  }

  /** What went wrong, step by step; after a step that never finished, how many did not run. */
  private static List<String> failures(List<Result> results) {
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < results.size(); i++) {
      failure(results.get(i)).ifPresent(failures::add);
      if (results.get(i).status() < 0 && i + 1 < results.size()) {
        failures.add((results.size() - i - 1) + " later step(s) did not run");
        break;
      }
    }
    return failures;
  }

  private static Optional<String> failure(Result result) {
    Step step = result.step();
    String where = "README line " + step.line() + ":\n" + step.commands();
    if (result.status() != 0) {
      return Optional.of(where + (result.status() < 0 ? "did not finish in time (or the shell ended)" : "exit status "
          + result.status()) + ", after printing:\n" + result.output());
    }
    if (step.expected() != null) {
      return OutputMatcher.mismatch(step.expected(), result.output()).map(why -> where + why);
    }
    return JsonExcerpt.problem(result.output())
        .map(problem -> where + "answered with a problem the README does not show: " + problem);
  }
}
