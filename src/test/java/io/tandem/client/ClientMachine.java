package io.tandem.client;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the client tests find on this machine: the project, the cache folder outside the work tree
 * ({@code ~/.cache/tandem}), the folders searched for toolchains ({@code -Dtandem.clients.path}, else {@code PATH}) and
 * the Python that runs pytest ({@code -Dtandem.clients.python}, else the venv that {@code .ci/run} keeps).
 */
record ClientMachine(Path project, Path cache, String path, Path python) {

  static ClientMachine current() {
    Path project = Path.of(System.getProperty("tandem.project-dir", System.getProperty("user.dir"))).toAbsolutePath();
    Path cache = Path.of(System.getProperty("user.home"), ".cache", "tandem");
    String path = System.getProperty("tandem.clients.path", System.getenv().getOrDefault("PATH", ""));
    String python = System.getProperty("tandem.clients.python", "");
    return new ClientMachine(project, cache, path,
        python.isBlank() ? cache.resolve("clients-python-venv").resolve("bin").resolve("python") : Path.of(python));
  }

  /** The executable {@code name} in the first folder of the path that has it. */
  Optional<Path> find(String name) {
    return Arrays.stream(path.split(File.pathSeparator))
        .filter(folder -> !folder.isBlank())
        .map(folder -> Path.of(folder, name))
        .filter(Files::isExecutable)
        .findFirst();
  }

  String tool(String name) {
    return find(name).orElseThrow(() -> new IllegalStateException(name + " is not on " + path)).toString();
  }

  /** The environment a child gets on top of the test JVM's: this path, and {@code more}. */
  Map<String, String> environment(Map<String, String> more) {
    Map<String, String> environment = new HashMap<>(more);
    environment.put("PATH", path);
    return environment;
  }
}
