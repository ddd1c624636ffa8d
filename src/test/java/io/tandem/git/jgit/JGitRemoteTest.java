package io.tandem.git.jgit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.config.TandemProperties;
import io.tandem.common.error.TandemException;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.common.net.OutboundProperties;
import io.tandem.git.GitProperties;
import io.tandem.support.GitRepos;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.lib.FileMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

/** An import's read of a real repository, within its limits on file count and expanded size. */
class JGitRemoteTest {

  @TempDir Path dataDir;

  JGitRemote remote(int maxFiles, DataSize maxSize) {
    GitProperties settings = new GitProperties(Duration.ofSeconds(1), 1, 10, Duration.ofSeconds(1), Duration.ofSeconds(1),
        Duration.ofSeconds(10), List.of(), "users.tandem.invalid", maxFiles, maxSize);
    return new JGitRemote(new GitRemoteGuard(new OutboundPolicy(new OutboundProperties(false, List.of()))),
        new TandemProperties(dataDir, DataSize.ofMegabytes(4), null), settings);
  }

  static Map.Entry<FileMode, String> file(String text) {
    return Map.entry(FileMode.REGULAR_FILE, text);
  }

  @Test
  void moreFilesThanAllowedAreRefused() throws Exception {
    String url = GitRepos.withTree("many", Map.of("a.yaml", file("a: 1\n"), "b.yaml", file("b: 1\n"), "c.yaml", file("c: 1\n")));

    assertThat(remote(3, DataSize.ofKilobytes(1)).read(url, null, "main", "")).get()
        .satisfies(snapshot -> assertThat(snapshot.files()).hasSize(3));
    assertThatThrownBy(() -> remote(2, DataSize.ofKilobytes(1)).read(url, null, "main", ""))
        .isInstanceOf(TandemException.class).hasMessageContaining("more than 2 files", "tandem.git.import-max-files");
  }

  @Test
  void filesLargerTogetherThanAllowedAreRefused() {
    String url = GitRepos.withTree("large", Map.of("a.yaml", file("x".repeat(600)), "b.yaml", file("y".repeat(600))));

    assertThatThrownBy(() -> remote(10, DataSize.ofKilobytes(1)).read(url, null, "main", ""))
        .isInstanceOf(TandemException.class).hasMessageContaining("tandem.git.import-max-size");
  }
}
