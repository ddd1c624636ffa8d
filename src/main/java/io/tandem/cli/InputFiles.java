package io.tandem.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** What the command line reads from files: texts (YAML), and charts (a .tgz file, or an {@code oci://} reference). */
final class InputFiles {

  private InputFiles() {}

  /** An oci:// reference as it is; a .tgz file as base64. */
  static String chart(CommandSpec spec, String chart) {
    if (chart.startsWith("oci://")) {
      return chart;
    }
    try {
      return Base64.getEncoder().encodeToString(Files.readAllBytes(Path.of(chart)));
    } catch (IOException e) {
      throw new ParameterException(spec.commandLine(), "Cannot read " + chart + ": " + why(e));
    }
  }

  /** A text file, or standard input for {@code -}. */
  static String text(CommandSpec spec, String file) {
    try {
      return file.equals("-") ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
          : Files.readString(Path.of(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ParameterException(spec.commandLine(), "Cannot read " + file + ": " + why(e));
    }
  }

  /** {@code no such file}, not the bare path the JDK's exception says. */
  private static String why(IOException e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    return e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
  }
}
