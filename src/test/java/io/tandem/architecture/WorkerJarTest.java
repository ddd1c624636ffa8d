package io.tandem.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code tandem-<version>-worker.jar} holds only the packages its {@code worker} execution in pom.xml includes: every
 * class the worker can reach from {@code io.tandem.agent} must be among them, and none of them may need a database.
 */
class WorkerJarTest {

  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("io.tandem");

  private static final List<String> DATABASE = List.of("java.sql.", "javax.sql.", "jakarta.persistence.",
      "org.springframework.jdbc.", "org.springframework.data.", "org.springframework.orm.", "org.hibernate.",
      "org.flywaydb.", "org.postgresql.");

  @Test
  void everyClassTheWorkerReachesIsInItsJar() throws IOException {
    List<String> included = includes();
    Set<String> missing = new TreeSet<>();
    for (JavaClass reached : reachedFromTheAgent()) {
      String path = reached.getName().replace('.', '/') + ".class";
      if (included.stream().noneMatch(path::startsWith)) {
        missing.add(reached.getName());
      }
    }
    assertThat(missing).as("classes the worker reaches outside its jar's includes %s", included).isEmpty();
  }

  @Test
  void nothingTheWorkerReachesNeedsADatabase() {
    Set<String> database = new TreeSet<>();
    for (JavaClass reached : reachedFromTheAgent()) {
      for (Dependency dependency : reached.getDirectDependenciesFromSelf()) {
        String target = dependency.getTargetClass().getName();
        if (DATABASE.stream().anyMatch(target::startsWith)) {
          database.add(reached.getName() + " -> " + target);
        }
      }
    }
    assertThat(database).isEmpty();
  }

  /** Our classes reachable from the agent's through their direct dependencies. */
  private static Set<JavaClass> reachedFromTheAgent() {
    Set<JavaClass> reached = new HashSet<>();
    Deque<JavaClass> next = new ArrayDeque<>(CLASSES.stream()
        .filter(javaClass -> javaClass.getPackageName().startsWith("io.tandem.agent")).toList());
    assertThat(next).as("the agent's classes").isNotEmpty();
    while (!next.isEmpty()) {
      JavaClass javaClass = next.pop();
      if (!reached.add(javaClass)) {
        continue;
      }
      for (Dependency dependency : javaClass.getDirectDependenciesFromSelf()) {
        JavaClass target = dependency.getTargetClass();
        if (target.getName().startsWith("io.tandem.") && CLASSES.contain(target.getName())) {
          next.push(CLASSES.get(target.getName()));
        }
      }
    }
    return reached;
  }

  /** The class folders the worker jar's execution includes, as path prefixes ({@code io/tandem/agent/}). */
  private static List<String> includes() throws IOException {
    String pom = Files.readString(Path.of("pom.xml"));
    Matcher execution = Pattern.compile("<id>worker</id>(.*?)</execution>", Pattern.DOTALL).matcher(pom);
    assertThat(execution.find()).as("the worker jar's execution in pom.xml").isTrue();
    Matcher include = Pattern.compile("<include>(io/tandem/[^<*]*)\\*\\*</include>").matcher(execution.group(1));
    List<String> prefixes = new ArrayList<>();
    while (include.find()) {
      prefixes.add(include.group(1));
    }
    return prefixes;
  }
}
