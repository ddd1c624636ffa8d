package io.tandem.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The languages whose generated clients have an end-to-end test under {@code clients/<language>}: what the test needs
 * on the machine (and how to get it where it is absent), and the commands that prepare and run it against a server
 * ({@code TANDEM_URL}, {@code TANDEM_TOKEN}). What they download is cached under {@code ~/.cache/tandem}, outside the
 * work tree, so that a second run needs no network and little compiling.
 */
enum ClientLanguage {

  GO("go", "openapi-go") {
    @Override
    Optional<String> missing(ClientMachine machine) {
      return machine.find("go").isPresent()
          ? Optional.empty()
          : Optional.of("go is not on the PATH; to enable: install Go 1.23 or later (the test's modules then come"
              + " from the Go module proxy into ~/.cache/tandem/go-mod)");
    }

    @Override
    List<ChildCommand> commands(ClientMachine machine, Map<String, String> server) {
      Map<String, String> environment = new HashMap<>(server);
      environment.put("GOMODCACHE", machine.cache().resolve("go-mod").toString());
      environment.put("GOTOOLCHAIN", "local");
      environment.put("GOFLAGS", "-mod=readonly");
      return List.of(new ChildCommand(machine.project().resolve("clients/go"), machine.environment(environment),
          machine.tool("go"), "test", "-count=1", "-v", "./..."));
    }
  },

  PYTHON("python", "openapi-python") {
    static final String ENABLE = "; to enable: run .ci/run once, or: python3 -m venv"
        + " ~/.cache/tandem/clients-python-venv && ~/.cache/tandem/clients-python-venv/bin/pip install"
        + " -r clients/python/requirements.txt"
        + " (or pass -Dtandem.clients.python=<a python that has those packages>)";

    @Override
    Optional<String> missing(ClientMachine machine) throws IOException, InterruptedException {
      if (!Files.isExecutable(machine.python())) {
        return Optional.of("no Python at " + machine.python() + ENABLE);
      }
      ChildCommand imports = new ChildCommand(machine.project(), machine.environment(Map.of()),
          machine.python().toString(), "-c", "import pytest, pydantic, urllib3, dateutil, typing_extensions");
      return imports.run(log(machine, "python-check")) == 0
          ? Optional.empty()
          : Optional.of(machine.python() + " cannot import pytest and the client's requirements" + ENABLE);
    }

    @Override
    List<ChildCommand> commands(ClientMachine machine, Map<String, String> server) {
      Map<String, String> environment = new HashMap<>(server);
      environment.put("PYTHONPATH", generated(machine).toString());
      environment.put("PYTHONDONTWRITEBYTECODE", "1");
      return List.of(new ChildCommand(machine.project(), machine.environment(environment),
          machine.python().toString(), "-m", "pytest", "-v", "-p", "no:cacheprovider", "clients/python"));
    }
  },

  TYPESCRIPT("typescript", "openapi-typescript") {
    @Override
    Optional<String> missing(ClientMachine machine) {
      return machine.find("node").isPresent() && machine.find("npm").isPresent()
          ? Optional.empty()
          : Optional.of("node or npm is not on the PATH; to enable: install Node.js 20 or later with npm (TypeScript"
              + " and Node's types then come from npm into ~/.cache/tandem/clients-typescript)");
    }

    /** TypeScript compiles the test with the generated client into target/clients/typescript; node runs it. */
    @Override
    List<ChildCommand> commands(ClientMachine machine, Map<String, String> server) throws IOException {
      Path project = machine.project();
      Path modules = machine.cache().resolve("clients-typescript");
      Map<String, String> environment = machine.environment(Map.of());
      List<ChildCommand> commands = new ArrayList<>();
      Path lock = project.resolve("clients/typescript/package-lock.json");
      Path installed = modules.resolve("installed-package-lock.json");
      if (!Files.exists(installed) || Files.mismatch(lock, installed) != -1) {
        Files.createDirectories(modules);
        commands.add(new ChildCommand(project, environment,
            "cp", "clients/typescript/package.json", lock.toString(), modules.toString()));
        commands.add(new ChildCommand(modules, environment, machine.tool("npm"), "ci", "--no-audit", "--no-fund",
            "--cache", machine.cache().resolve("npm").toString()));
        commands.add(new ChildCommand(modules, environment, "cp", "package-lock.json", installed.toString()));
      }
      String node = machine.tool("node");
      commands.add(new ChildCommand(project, environment, node,
          modules.resolve("node_modules/typescript/bin/tsc").toString(), "-p", "clients/typescript",
          "--typeRoots", modules.resolve("node_modules/@types").toString()));
      commands.add(new ChildCommand(project, machine.environment(server), node, "--test",
          "target/clients/typescript/clients/typescript/e2e.test.js"));
      return commands;
    }
  };

  private final String id;
  private final String generatedFolder;

  ClientLanguage(String id, String generatedFolder) {
    this.id = id;
    this.generatedFolder = generatedFolder;
  }

  /** The language's folder under {@code clients/}, and its name in messages. */
  String id() {
    return id;
  }

  /** Why the test cannot run on this machine, with how to enable it; empty when it can. */
  abstract Optional<String> missing(ClientMachine machine) throws IOException, InterruptedException;

  /** The commands that prepare and run the test, in order; {@code server} is the environment that names the server. */
  abstract List<ChildCommand> commands(ClientMachine machine, Map<String, String> server) throws IOException;

  /** Where the build generated the client ({@code target/generated-sources/openapi-<language>}). */
  Path generated(ClientMachine machine) {
    return machine.project().resolve("target/generated-sources").resolve(generatedFolder);
  }

  /** Where the commands' output goes. */
  static Path log(ClientMachine machine, String name) {
    return machine.project().resolve("target/clients").resolve(name + ".log");
  }
}
