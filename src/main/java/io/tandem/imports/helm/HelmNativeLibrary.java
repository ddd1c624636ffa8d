package io.tandem.imports.helm;

import com.marcnuri.helm.jni.NativeLibrary;
import io.tandem.common.config.TandemProperties;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;
import org.springframework.stereotype.Component;

/**
 * Helm's native library as the server's jar carries it: one per platform, added by the build platform's Maven
 * profile of helm-java (helm-linux-amd64.so for a jar built on linux-amd64). It is copied once to
 * {@code <data-dir>/helm}, where the processes that render load it. helm-java's own loader is never used: where it
 * finds no library it would download one from Maven Central.
 */
@Component
class HelmNativeLibrary {

  private final Path folder;
  private final NativeLibrary library;
  private final String unavailable;
  /** The copy made or found by this process: the jar it came from does not change while the server runs. */
  private Path extracted;

  HelmNativeLibrary(TandemProperties properties) {
    this.folder = properties.dataDir().resolve("helm").toAbsolutePath().normalize();
    NativeLibrary found = null;
    for (NativeLibrary candidate : ServiceLoader.load(NativeLibrary.class, HelmNativeLibrary.class.getClassLoader())) {
      found = candidate;
      break;
    }
    this.library = found;
    this.unavailable = found == null ? "The server's jar holds no Helm native library."
        : !found.getBinaryName().contains("-" + platform() + ".")
            ? "The server's jar holds Helm's native library for another platform (" + found.getBinaryName()
                + "), not for " + platform() + "; build the jar on this platform to import charts."
            : null;
  }

  /** Why charts cannot be rendered here, or empty. */
  Optional<String> unavailable() {
    return Optional.ofNullable(unavailable);
  }

  /**
   * The library's file: the copy a run before left, when it has the size of the jar's (another version has another
   * size), else a new copy; looked at once per run.
   */
  synchronized Path file() {
    if (extracted != null) {
      return extracted;
    }
    Path file = folder.resolve(library.getBinaryName());
    URL resource = library.getClass().getResource("/" + library.getBinaryName());
    try {
      long size = resource.openConnection().getContentLengthLong();
      if (size >= 0 && Files.isRegularFile(file) && Files.size(file) == size) {
        extracted = file;
        return file;
      }
      Files.createDirectories(folder);
      Path copy = Files.createTempFile(folder, "copy-", ".tmp");
      try (InputStream in = resource.openStream()) {
        Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
      }
      extracted = Files.move(copy, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return extracted;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot copy Helm's native library to " + folder, e);
    }
  }

  /** The folder for the rendering processes' working folders. */
  Path workRoot() {
    return folder.resolve("work");
  }

  /** This JVM's platform as helm-java names its libraries: linux-amd64, darwin-arm64 … */
  static String platform() {
    String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
    String osName = os.contains("win") ? "windows" : os.contains("mac") ? "darwin" : os.contains("linux") ? "linux" : os;
    String archName = arch.equals("x86_64") || arch.equals("amd64") ? "amd64"
        : arch.equals("aarch64") || arch.equals("arm64") ? "arm64" : arch;
    return osName + "-" + archName;
  }
}
