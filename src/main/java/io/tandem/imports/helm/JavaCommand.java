package io.tandem.imports.helm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a JVM that runs a main class of this server on the server's own class path: the running JVM's
 * {@code java}, and, when the server runs from its executable jar ({@code java -jar tandem.jar}), Spring Boot's
 * {@code PropertiesLauncher}, which finds the class inside the jar's nested jars.
 */
final class JavaCommand {

  private static final String LAUNCHER = "org.springframework.boot.loader.launch.PropertiesLauncher";

  private JavaCommand() {}

  static List<String> of(Class<?> main, List<String> options, List<String> arguments) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(options);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    if (fromExecutableJar(main)) {
      command.add("-Dloader.main=" + main.getName());
      command.add(LAUNCHER);
    } else {
      command.add(main.getName());
    }
    command.addAll(arguments);
    return command;
  }

  /** Whether the class was loaded from inside an executable jar (by Spring Boot's class loader, not the JVM's). */
  private static boolean fromExecutableJar(Class<?> main) {
    if (main.getClassLoader() == ClassLoader.getSystemClassLoader()) {
      return false;
    }
    try {
      Class.forName(LAUNCHER, false, ClassLoader.getSystemClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
