package io.tandem.function.domain;

import java.util.List;

/**
 * One positional parameter of a function.
 *
 * @param enumValues the allowed values of an {@code enum} parameter, else empty
 * @param pattern a regular expression the argument must match in full, or {@code null}
 * @param variadic the last parameter may take any number of arguments (at least one when required)
 */
public record Parameter(
    String name,
    ParameterType type,
    boolean required,
    String description,
    List<String> enumValues,
    String pattern,
    String example,
    boolean variadic) {

  public static Parameter required(String name, ParameterType type, String description, String example) {
    return new Parameter(name, type, true, description, List.of(), null, example, false);
  }

  public static Parameter optional(String name, ParameterType type, String description, String example) {
    return new Parameter(name, type, false, description, List.of(), null, example, false);
  }

  public static Parameter oneOf(String name, String description, String... values) {
    return new Parameter(name, ParameterType.ENUM, true, description, List.of(values), null, values[0], false);
  }

  public Parameter withPattern(String regex) {
    return new Parameter(name, type, required, description, enumValues, regex, example, variadic);
  }

  public Parameter asVariadic() {
    return new Parameter(name, type, required, description, enumValues, pattern, example, true);
  }
}
