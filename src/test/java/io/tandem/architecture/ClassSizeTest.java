package io.tandem.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A production class that grows past 300 lines is split by job; the few listed below are left whole on purpose. */
class ClassSizeTest {

  private static final Path PRODUCTION = Path.of("src/main/java");
  private static final int LIMIT = 300;
  private static final Set<String> EXCEPTIONS =
      Set.of(
          // one patching algorithm over one text, and one grammar: both read best whole
          "io/tandem/common/yaml/TextPatcher.java",
          "io/tandem/query/domain/WhereParser.java");

  @Test
  void noProductionClassIsOverThreeHundredLines() {
    assertThat(oversized(PRODUCTION, EXCEPTIONS)).isEmpty();
  }

  @Test
  void everyExceptionNamesAnExistingClass() {
    assertThat(EXCEPTIONS).allSatisfy(file -> assertThat(PRODUCTION.resolve(file)).isRegularFile());
  }

  @Test
  void aClassOverThreeHundredLinesIsFoundAndOneAtThreeHundredIsNot(@TempDir Path root) throws IOException {
    Files.createDirectories(root.resolve("io/example"));
    Files.writeString(root.resolve("io/example/Long.java"), "//\n".repeat(LIMIT + 1));
    Files.writeString(root.resolve("io/example/Fits.java"), "//\n".repeat(LIMIT));
    Files.writeString(root.resolve("io/example/Excepted.java"), "//\n".repeat(LIMIT + 1));

    assertThat(oversized(root, Set.of("io/example/Excepted.java"))).containsExactly("io/example/Long.java: 301 lines");
  }

  /** The Java files under {@code root} with more than {@link #LIMIT} lines, but for {@code exceptions}. */
  private static List<String> oversized(Path root, Set<String> exceptions) {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(file -> file.toString().endsWith(".java"))
          .map(file -> new Sized(root.relativize(file).toString().replace('\\', '/'), lines(file)))
          .filter(sized -> sized.lines() > LIMIT && !exceptions.contains(sized.file()))
          .map(sized -> sized.file() + ": " + sized.lines() + " lines")
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private record Sized(String file, int lines) {}

  private static int lines(Path file) {
    try {
      return Files.readAllLines(file).size();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
