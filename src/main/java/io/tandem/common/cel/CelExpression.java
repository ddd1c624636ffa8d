package io.tandem.common.cel;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A CEL expression over one resource, bound to one variable: {@code r} for functions ({@code r.spec.replicas >= 2}),
 * {@code object} for health rules.
 */
public final class CelExpression {

  private static final Map<String, CelCompiler> COMPILERS = new java.util.concurrent.ConcurrentHashMap<>();
  private static final CelRuntime RUNTIME = CelRuntimeFactory.legacyCelRuntimeBuilder().build();

  private final String text;
  private final String variable;
  private final CelRuntime.Program program;

  private CelExpression(String text, String variable, CelRuntime.Program program) {
    this.text = text;
    this.variable = variable;
    this.program = program;
  }

  /**
   * An expression over {@code r}.
   *
   * @throws IllegalArgumentException with the compiler's message when the expression does not compile
   */
  public static CelExpression compile(String text) {
    return compile("r", text);
  }

  /**
   * An expression over {@code variable}.
   *
   * @throws IllegalArgumentException with the compiler's message when the expression does not compile
   */
  public static CelExpression compile(String variable, String text) {
    CelCompiler compiler = COMPILERS.computeIfAbsent(variable, name -> CelCompilerFactory.standardCelCompilerBuilder()
        .setStandardMacros(CelStandardMacro.STANDARD_MACROS).addVar(name, SimpleType.DYN).build());
    try {
      CelAbstractSyntaxTree ast = compiler.compile(text).getAst();
      return new CelExpression(text, variable, RUNTIME.createProgram(ast));
    } catch (CelValidationException e) {
      throw new IllegalArgumentException(e.getMessage().replace('\n', ' '));
    } catch (CelEvaluationException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
  }

  /**
   * The expression's value for a resource.
   *
   * @throws IllegalStateException when evaluation fails (a missing field, say)
   */
  public Object evaluate(Map<String, Object> resource) {
    try {
      return program.eval(Map.of(variable, toCel(resource)));
    } catch (CelEvaluationException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /** CEL's integers are 64-bit: YAML's Integers become Longs. */
  private static Object toCel(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((key, item) -> copy.put(String.valueOf(key), toCel(item)));
      return copy;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(CelExpression::toCel).toList();
    }
    if (value instanceof Integer number) {
      return number.longValue();
    }
    return value;
  }

  @Override
  public String toString() {
    return text;
  }
}
