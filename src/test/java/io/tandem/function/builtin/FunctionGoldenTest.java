package io.tandem.function.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionRegistry;
import io.tandem.function.domain.FunctionRunner;
import io.tandem.function.domain.KindSchemas;
import io.tandem.targets.cluster.Fabric8KindSchemas;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AssignableTypeFilter;

/**
 * Golden files for every built-in function: {@code src/test/resources/functions/<case>/} holds {@code call} (the
 * function name, then one argument per line, {@code \\n} for a newline inside one), {@code input.yaml}, and the exact expected {@code output.yaml} (the
 * unit's text after the call, comments and all) and {@code result.txt} (mutations, outputs and findings).
 * {@code -Dgolden.update=true} rewrites the expected files from what the code does; review them before committing.
 */
class FunctionGoldenTest {

  static final Path CASES = Path.of("src/test/resources/functions");

  static Stream<String> cases() throws IOException {
    try (Stream<Path> dirs = Files.list(CASES)) {
      return dirs.filter(Files::isDirectory).map(dir -> dir.getFileName().toString()).sorted().toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void functionGivesTheGoldenOutput(String name) throws IOException {
    Path dir = CASES.resolve(name);
    List<String> call = Files.readAllLines(dir.resolve("call"), StandardCharsets.UTF_8);
    String input = Files.readString(dir.resolve("input.yaml"));

    FunctionRunner.Outcome outcome =
        FunctionRunner.run("space", "unit", input, List.of(registry().bind(call.get(0), arguments(call))));
    String output = outcome.mutated() ? outcome.data() : input;
    String result = render(outcome);

    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(dir.resolve("output.yaml"), output);
      Files.writeString(dir.resolve("result.txt"), result);
    }
    assertThat(output).as("output.yaml of " + name).isEqualTo(Files.readString(dir.resolve("output.yaml")));
    assertThat(result).as("result.txt of " + name).isEqualTo(Files.readString(dir.resolve("result.txt")));
  }

  @org.junit.jupiter.api.Test
  void everyFunctionHasAGoldenCase() throws IOException {
    List<String> called = new ArrayList<>();
    for (String name : cases().toList()) {
      called.add(Files.readAllLines(CASES.resolve(name).resolve("call")).get(0));
    }
    assertThat(called).containsAll(registry().definitions().stream().map(d -> d.name()).toList());
  }

  /** One argument per line after the function name; a literal backslash-n in an argument is a newline. */
  static List<String> arguments(List<String> call) {
    return call.subList(1, call.size()).stream().map(argument -> argument.replace("\\n", "\n")).toList();
  }

  static String render(FunctionRunner.Outcome outcome) {
    List<String> lines = new ArrayList<>();
    outcome.mutations().forEach(m -> lines.add("mutation " + m.op() + " " + m.resource() + " " + m.path() + " by " + m.by()));
    outcome.outputs().forEach(o -> lines.add("output " + o.resource() + " " + o.path() + " = " + o.value()));
    outcome.findings().forEach(f -> lines.add("finding " + f.resource() + " " + f.path() + ": " + f.message()));
    return String.join("\n", lines) + "\n";
  }

  /**
   * Every built-in function, found as Spring finds them, each made with the ports it asks for: the schemas of the
   * Kubernetes kinds (the cluster adapter's own, on the client's object model).
   */
  static FunctionRegistry registry() {
    ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(true);
    scanner.addIncludeFilter(new AssignableTypeFilter(ConfigFunction.class));
    Map<Class<?>, Object> ports = Map.of(KindSchemas.class, new Fabric8KindSchemas());
    List<ConfigFunction> functions = new ArrayList<>();
    for (BeanDefinition bean : scanner.findCandidateComponents("io.tandem.function.builtin")) {
      try {
        Constructor<?> constructor = Class.forName(bean.getBeanClassName()).getDeclaredConstructors()[0];
        constructor.setAccessible(true);
        Object[] arguments = Arrays.stream(constructor.getParameterTypes()).map(ports::get).toArray();
        functions.add((ConfigFunction) constructor.newInstance(arguments));
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }
    return new FunctionRegistry(functions);
  }
}
