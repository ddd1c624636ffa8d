package io.tandem.common.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pid file left by a crash may name a process that is no postgres by now: that one is left alone. */
class StalePostmasterTest {

  @TempDir Path dataDirectory;

  @Test
  void aLiveProcessThatIsNoPostgresOnTheDirectoryIsNeverSignalled() throws Exception {
    Process unrelated = new ProcessBuilder("sleep", "30").start();
    try {
      Files.writeString(dataDirectory.resolve("postmaster.pid"), unrelated.pid() + "\n" + dataDirectory + "\n");

      new StalePostmaster(Duration.ofSeconds(1)).stopIfRunning(dataDirectory);

      assertThat(unrelated.isAlive()).isTrue();
    } finally {
      unrelated.destroyForcibly();
    }
  }
}
