package io.tandem.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The clients the build generates in Go, Python and TypeScript, each through its own end-to-end test in its own
 * language ({@code clients/<language>}, run as a child process against this test server with an organisation admin's
 * token): create a space and a unit, change it with {@code If-Match} and see a stale one refused, run a function,
 * apply to the sandbox and read the action, read a problem's code. A language whose toolchain is absent is skipped,
 * with how to enable it; {@code .ci/run} prepares all three.
 */
@TandemIT
@Tag(PolyglotClientsIT.TAG)
@ExtendWith(PolyglotClientsIT.ToolchainPresent.class)
class PolyglotClientsIT {

  static final String TAG = "clients";

  @LocalServerPort int port;

  @Test
  @Client(ClientLanguage.GO)
  void theGeneratedGoClientPassesItsEndToEndTest() throws Exception {
    passes(ClientLanguage.GO);
  }

  @Test
  @Client(ClientLanguage.PYTHON)
  void theGeneratedPythonClientPassesItsEndToEndTest() throws Exception {
    passes(ClientLanguage.PYTHON);
  }

  @Test
  @Client(ClientLanguage.TYPESCRIPT)
  void theGeneratedTypeScriptClientPassesItsEndToEndTest() throws Exception {
    passes(ClientLanguage.TYPESCRIPT);
  }

  private void passes(ClientLanguage language) throws IOException, InterruptedException {
    ClientMachine machine = ClientMachine.current();
    assertThat(language.generated(machine))
        .as("the build generates the %s client before the integration tests (./mvnw verify)", language.id())
        .isDirectory();
    Map<String, String> server = Map.of("TANDEM_URL", "http://127.0.0.1:" + port, "TANDEM_TOKEN", adminToken());
    Path log = ClientLanguage.log(machine, language.id());
    Files.deleteIfExists(log);
    for (ChildCommand command : language.commands(machine, server)) {
      int status = command.run(log);
      assertThat(status)
          .as("the %s client's test: %s %s; its output (%s):%n%s", language.id(), String.join(" ", command.command()),
              status < 0 ? "ran past " + ChildCommand.TIMEOUT + " and was stopped" : "exited " + status, log, tail(log))
          .isZero();
    }
  }

  private String adminToken() {
    Api.Response issued = new Api(port).post("/api/v1/tokens", Map.of("subject", "polyglot-clients", "orgAdmin", true));
    assertThat(issued.status()).as(issued.toString()).isEqualTo(201);
    return issued.json().path("secret").asString();
  }

  private static String tail(Path log) throws IOException {
    String text = Files.readString(log, StandardCharsets.UTF_8);
    return text.length() <= 20_000 ? text : "…" + text.substring(text.length() - 20_000);
  }

  /** The language whose client a test runs. */
  @Target(ElementType.METHOD)
  @Retention(RetentionPolicy.RUNTIME)
  @interface Client {
    ClientLanguage value();
  }

  /** Skips a language's test, saying how to enable it, where its toolchain is absent. */
  static class ToolchainPresent implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      Optional<Client> client = context.getTestMethod().map(method -> method.getAnnotation(Client.class));
      if (client.isEmpty()) {
        return ConditionEvaluationResult.enabled("not a language's test");
      }
      ClientLanguage language = client.get().value();
      try {
        return language.missing(ClientMachine.current())
            .map(why -> ConditionEvaluationResult.disabled("Skipped the " + language.id() + " client's test: " + why))
            .orElseGet(() -> ConditionEvaluationResult.enabled(language.id() + " toolchain found"));
      } catch (IOException e) {
        return ConditionEvaluationResult.disabled("Skipped the " + language.id() + " client's test: " + e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return ConditionEvaluationResult.disabled("Skipped the " + language.id() + " client's test: interrupted");
      }
    }
  }
}
