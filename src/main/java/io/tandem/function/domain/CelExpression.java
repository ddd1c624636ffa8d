package io.tandem.function.domain;

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

/** A CEL expression over one resource, bound to the variable {@code r} ({@code r.spec.replicas >= 2}). */
public final class CelExpression {

  private static final CelCompiler COMPILER =
      CelCompilerFactory.standardCelCompilerBuilder()
          .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
          .addVar("r", SimpleType.DYN)
          .build();
  private static final CelRuntime RUNTIME = CelRuntimeFactory.standardCelRuntimeBuilder().build();

  private final String text;
  private final CelRuntime.Program program;

  private CelExpression(String text, CelRuntime.Program program) {
    this.text = text;
    this.program = program;
  }

  /** @throws IllegalArgumentException with the compiler's message when the expression does not compile */
  public static CelExpression compile(String text) {
    try {
      CelAbstractSyntaxTree ast = COMPILER.compile(text).getAst();
      return new CelExpression(text, RUNTIME.createProgram(ast));
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
      return program.eval(Map.of("r", toCel(resource)));
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
