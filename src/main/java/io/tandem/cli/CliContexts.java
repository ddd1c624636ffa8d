package io.tandem.cli;

import io.tandem.client.ApiClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.ObjectMapper;

/**
 * The context file, like kubectl's: named contexts (server, token, default space) and the current one. It lives in
 * {@code $TANDEM_CONFIG}, else {@code $XDG_CONFIG_HOME/tandem/config.json}, else {@code $HOME/.config/tandem/config.json};
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
  private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
  private final Path path;

  CliContexts(Map<String, String> env) {
    String explicit = env.get("TANDEM_CONFIG");
    path = explicit != null && !explicit.isBlank() ? Path.of(explicit) : configHome(env).resolve("tandem").resolve("config.json");
  }

  /**
   * As the XDG Base Directory specification says: {@code $XDG_CONFIG_HOME} when it is set to an absolute path (empty or
   * relative, it is ignored), else {@code $HOME/.config}.
   */
  static Path configHome(Map<String, String> env) {
    String xdg = env.get("XDG_CONFIG_HOME");
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
      return Path.of(xdg);
    }
    String home = env.get("HOME");
    return Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home"), ".config");
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

  /** Replaces the file whole, created readable by its owner only (never written first and restricted after). */
  void write(File file) {
    try {
      Path folder = path.toAbsolutePath().getParent();
      Files.createDirectories(folder);
      boolean posix = path.getFileSystem().supportedFileAttributeViews().contains("posix");
      Path written = posix
          ? Files.createTempFile(folder, ".config", ".json", PosixFilePermissions.asFileAttribute(OWNER_ONLY))
          : Files.createTempFile(folder, ".config", ".json");
      try {
        Files.writeString(written, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(file) + "\n");
        Files.move(written, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(written);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + path + ": " + e.getMessage(), e);
    }
  }
}
