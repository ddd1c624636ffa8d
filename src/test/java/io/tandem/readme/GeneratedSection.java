package io.tandem.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A part of the README generated from the code, between {@code <!-- name:start -->} and {@code <!-- name:end -->}: a
 * test asserts it is current, and with {@code -Dgolden.update=true} rewrites it first.
 */
public final class GeneratedSection {

  static final Path README = Path.of("README.md");

  private GeneratedSection() {}

  public static void assertCurrent(String name, String generated, String test) throws IOException {
    String start = "<!-- " + name + ":start -->\n";
    String end = "<!-- " + name + ":end -->";
    String readme = Files.readString(README);
    assertThat(readme.indexOf(start)).as("README has the " + name + " markers").isNotNegative();
    assertThat(readme.indexOf(end)).isGreaterThan(readme.indexOf(start));
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(README,
          readme.substring(0, readme.indexOf(start) + start.length()) + generated + readme.substring(readme.indexOf(end)));
      readme = Files.readString(README);
    }
    assertThat(readme.substring(readme.indexOf(start) + start.length(), readme.indexOf(end)))
        .as("README " + name + "; run ./mvnw test -Dtest=" + test + " -Dgolden.update=true")
        .isEqualTo(generated);
  }
}
