package io.tandem.common.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A temporary folder for one job, deleted with everything in it when closed. */
public final class WorkFolder implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(WorkFolder.class);

  private final Path path;

  private WorkFolder(Path path) {
    this.path = path;
  }

  /** A new, empty folder under {@code root} (created when missing), named {@code prefix} and a random part. */
  public static WorkFolder create(Path root, String prefix) throws IOException {
    Files.createDirectories(root);
    return new WorkFolder(Files.createTempDirectory(root, prefix));
  }

  public Path path() {
    return path;
  }

  /** Writes {@code bytes} to {@code relative} (its folders created), refusing a path that leads outside the folder. */
  public Path write(String relative, byte[] bytes) throws IOException {
    Path target = path.resolve(relative).normalize();
    if (!target.startsWith(path) || target.equals(path)) {
      throw new IllegalArgumentException("'" + relative + "' lies outside the folder");
    }
    Files.createDirectories(target.getParent());
    return Files.write(target, bytes);
  }

  @Override
  public void close() {
    try (Stream<Path> paths = Files.walk(path)) {
      paths.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      log.warn("Could not delete {}: {}", path, e.getMessage());
    }
  }
}
