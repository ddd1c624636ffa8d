package io.tandem.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** No Docker engine runs here, so the image and compose files are checked for what matters by reading them. */
class DockerPackagingTest {

  private static final Path DOCKERFILE = Path.of("server", "Dockerfile");

  @Test
  void theImageCopiesExactlyTheServerJarOfThisVersionAndRunsAsNonRoot() throws IOException {
    String dockerfile = Files.readString(DOCKERFILE);
    Matcher version = Pattern.compile("(?m)^ARG TANDEM_VERSION=(\\S+)$").matcher(dockerfile);
    assertThat(version.find()).as("ARG TANDEM_VERSION").isTrue();
    assertThat(version.group(1)).isEqualTo(projectVersion());
    assertThat(dockerfile).containsPattern("(?m)^COPY target/tandem-\\$\\{TANDEM_VERSION}\\.jar ");
    assertThat(dockerfile).doesNotContainPattern("(?m)^COPY .*\\*");
    Matcher user = Pattern.compile("(?m)^USER (\\S+)$").matcher(dockerfile);
    String lastUser = null;
    while (user.find()) {
      lastUser = user.group(1);
    }
    assertThat(lastUser).isNotNull().isNotIn("0", "root");
  }

  @Test
  void theWorkerImageCopiesItsJarOfThisVersionWithItsLibrariesAndRunsAsNonRoot() throws IOException {
    String dockerfile = Files.readString(Path.of("server", "worker.Dockerfile"));
    Matcher version = Pattern.compile("(?m)^ARG TANDEM_VERSION=(\\S+)$").matcher(dockerfile);
    assertThat(version.find()).as("ARG TANDEM_VERSION").isTrue();
    assertThat(version.group(1)).isEqualTo(projectVersion());
    assertThat(dockerfile).containsPattern("(?m)^COPY target/tandem-\\$\\{TANDEM_VERSION}-worker\\.jar /app/")
        .containsPattern("(?m)^COPY target/worker/lib/ /app/worker/lib/$")
        .containsPattern("(?m)^USER 10001$")
        .doesNotContain("tandem-${TANDEM_VERSION}.jar");
  }

  @Test
  void theBuildContextCarriesNoLocalStateNorCredentials() throws IOException {
    List<String> rules = Files.readAllLines(Path.of(".dockerignore")).stream()
        .map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
    assertThat(rules.get(0)).as("everything is excluded first").isEqualTo("*");
    assertThat(rules.stream().filter(rule -> rule.startsWith("!")))
        .allMatch(rule -> (rule.startsWith("!target/tandem-") || rule.startsWith("!target/worker/lib/"))
            && rule.endsWith(".jar"));
    assertThat(rules).contains("target/tandem-*-cli.jar");
    assertThat(Files.readAllLines(Path.of(".gitignore"))).contains(".env", "/.tandem/");
  }

  @Test
  @SuppressWarnings("unchecked")
  void composeKeepsStateInAVolumeAndTakesEverySecretFromTheEnvFile() throws IOException {
    Map<String, Object> compose = new Yaml().load(Files.readString(Path.of("docker-compose.yml")));
    Map<String, Object> tandem = (Map<String, Object>) ((Map<String, Object>) compose.get("services")).get("tandem");
    Map<String, Object> environment = (Map<String, Object>) tandem.get("environment");

    assertThat((List<String>) tandem.get("volumes")).anyMatch(volume -> volume.matches("[a-z-]+:/var/lib/tandem"));
    assertThat(environment).containsEntry("TANDEM_SANDBOX_ENABLED", "false");
    for (String secret : List.of("TANDEM_ENCRYPTION_KEY", "TANDEM_SECURITY_BOOTSTRAP_TOKEN", "SPRING_DATASOURCE_PASSWORD")) {
      assertThat(String.valueOf(environment.get(secret))).as(secret).matches("\\$\\{[A-Z_]+:\\?.+}");
    }
    String example = Files.readString(Path.of("server", "compose.env.example"));
    Matcher variable = Pattern.compile("\\$\\{([A-Z_]+):\\?").matcher(Files.readString(Path.of("docker-compose.yml")));
    while (variable.find()) {
      assertThat(example).as("the .env example explains " + variable.group(1)).containsPattern("(?m)^" + variable.group(1) + "=");
    }
  }

  private static String projectVersion() throws IOException {
    Matcher version = Pattern.compile("<artifactId>tandem</artifactId>\\s*<version>([^<]+)</version>")
        .matcher(Files.readString(Path.of("pom.xml")));
    assertThat(version.find()).isTrue();
    return version.group(1);
  }
}
