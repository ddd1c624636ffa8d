package io.tandem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliContextsTest {

  @TempDir Path home;

  @Test
  void anEmptyOrRelativeXdgConfigHomeIsIgnoredForHomesConfigFolder() {
    Path expected = home.resolve(".config").resolve("tandem").resolve("config.json");

    assertThat(new CliContexts(Map.of("XDG_CONFIG_HOME", "", "HOME", home.toString())).path()).isEqualTo(expected);
    assertThat(new CliContexts(Map.of("XDG_CONFIG_HOME", "relative", "HOME", home.toString())).path()).isEqualTo(expected);
    assertThat(new CliContexts(Map.of("HOME", home.toString())).path()).isEqualTo(expected);
  }

  @Test
  void anAbsoluteXdgConfigHomeAndThenANonEmptyTandemConfigWin() {
    Path xdg = home.resolve("xdg");
    Map<String, String> env = Map.of("XDG_CONFIG_HOME", xdg.toString(), "HOME", home.toString());

    assertThat(new CliContexts(env).path()).isEqualTo(xdg.resolve("tandem").resolve("config.json"));
    assertThat(new CliContexts(Map.of("TANDEM_CONFIG", "", "HOME", home.toString())).path())
        .isEqualTo(home.resolve(".config").resolve("tandem").resolve("config.json"));
    assertThat(new CliContexts(Map.of("TANDEM_CONFIG", home.resolve("c.json").toString())).path())
        .isEqualTo(home.resolve("c.json"));
  }

  @Test
  void theFileHoldingTokensIsReadableByItsOwnerOnlyAndReplacedWhole() throws Exception {
    CliContexts contexts = new CliContexts(Map.of("HOME", home.toString()));
    contexts.write(new CliContexts.File("dev", Map.of("dev", new CliContexts.Context("http://localhost:8080", null, "tdm_x_y"))));
    contexts.write(new CliContexts.File("dev", Map.of("dev", new CliContexts.Context("http://localhost:8080", "s", "tdm_x_z"))));

    assertThat(Files.getPosixFilePermissions(contexts.path())).isEqualTo(PosixFilePermissions.fromString("rw-------"));
    assertThat(contexts.selected(null).token()).isEqualTo("tdm_x_z");
    try (var files = Files.list(contexts.path().getParent())) {
      assertThat(files).containsExactly(contexts.path());
    }
  }
}
