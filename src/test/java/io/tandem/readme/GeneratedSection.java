package io.tandem.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A part of a Markdown document (the README or a page under docs/) generated from the code, between
 * {@code <!-- name:start -->} and {@code <!-- name:end -->}: a test asserts it is current, and with
 * {@code -Dgolden.update=true} rewrites it in that document first.
 */
public final class GeneratedSection {

  private GeneratedSection() {}

  public static void assertCurrent(Path document, String name, String generated, String test) throws IOException {
    String start = "<!-- " + name + ":start -->\n";
    String end = "<!-- " + name + ":end -->";
    String text = Files.readString(document);
    assertThat(text.indexOf(start)).as(document + " has the " + name + " markers").isNotNegative();
    assertThat(text.indexOf(end)).isGreaterThan(text.indexOf(start));
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(document,
          text.substring(0, text.indexOf(start) + start.length()) + generated + text.substring(text.indexOf(end)));
      text = Files.readString(document);
    }
    assertThat(text.substring(text.indexOf(start) + start.length(), text.indexOf(end)))
        .as(document + " " + name + "; run ./mvnw test -Dtest=" + test + " -Dgolden.update=true")
        .isEqualTo(generated);
  }
}
