package io.tandem.cli;

import io.tandem.client.ApiClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.ObjectMapper;

/**
 * The context file, like kubectl's: named contexts (server, token, default space) and the current one. It lives in
 * {@code $TANDEM_CONFIG}, else {@code $XDG_CONFIG_HOME/tandem/config.json}, else {@code ~/.config/tandem/config.json};
 * it may hold a token, so it is written readable by its owner only.
 */
final class CliContexts {

  /** One context; any part may be null. */
  record Context(String server, String space, String token) {
    static final Context NONE = new Context(null, null, null);
  }

  /** The whole file. */
  record File(String current, Map<String, Context> contexts) {}

  private static final ObjectMapper JSON = ApiClient.createDefaultObjectMapper();
  private final Path path;

  CliContexts(Map<String, String> env) {
    if (env.get("TANDEM_CONFIG") != null) {
      path = Path.of(env.get("TANDEM_CONFIG"));
    } else {
      Path base = env.get("XDG_CONFIG_HOME") != null ? Path.of(env.get("XDG_CONFIG_HOME"))
          : Path.of(System.getProperty("user.home"), ".config");
      path = base.resolve("tandem").resolve("config.json");
    }
  }

  Path path() {
    return path;
  }

  File read() {
    if (!Files.isRegularFile(path)) {
      return new File(null, new TreeMap<>());
    }
    try {
      File file = JSON.readValue(Files.readString(path), File.class);
      return new File(file.current(), file.contexts() == null ? new TreeMap<>() : new TreeMap<>(file.contexts()));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + path + ": " + e.getMessage(), e);
    }
  }

  /** The named context, else the current one, else none. */
  Context selected(String name) {
    File file = read();
    String chosen = name != null ? name : file.current();
    return chosen == null ? Context.NONE : file.contexts().getOrDefault(chosen, Context.NONE);
  }

  void write(File file) {
    try {
      Files.createDirectories(path.toAbsolutePath().getParent());
      Files.writeString(path, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(file) + "\n");
      if (path.getFileSystem().supportedFileAttributeViews().contains("posix")) {
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + path + ": " + e.getMessage(), e);
    }
  }
}
