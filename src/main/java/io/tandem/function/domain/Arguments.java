package io.tandem.function.domain;

import io.tandem.common.cel.CelExpression;
import io.tandem.common.error.TandemException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The arguments of one call, checked against the function's parameters; read them by parameter name. */
public final class Arguments {

  private final String function;
  private final Map<String, List<String>> values;

  private Arguments(String function, Map<String, List<String>> values) {
    this.function = function;
    this.values = values;
  }

  /**
   * Binds positional arguments to parameters.
   *
   * @throws TandemException {@code invalid-argument} naming the parameter: too few or too many arguments, or one
   *     that is not of the parameter's type, not one of its values, or does not match its pattern
   */
  public static Arguments bind(FunctionDefinition definition, List<String> arguments) {
    List<Parameter> parameters = definition.parameters();
    boolean variadic = !parameters.isEmpty() && parameters.get(parameters.size() - 1).variadic();
    long required = parameters.stream().filter(Parameter::required).count();
    if (arguments.size() < required || (!variadic && arguments.size() > parameters.size())) {
      throw invalid(definition.name(), null,
          "takes " + (variadic ? "at least " + required : required == parameters.size() ? required : required + " to " + parameters.size())
              + " argument(s) (" + names(parameters) + "), not " + arguments.size());
    }
    Map<String, List<String>> values = new LinkedHashMap<>();
    for (int i = 0; i < parameters.size(); i++) {
      Parameter parameter = parameters.get(i);
      List<String> given =
          i >= arguments.size()
              ? List.of()
              : parameter.variadic() ? arguments.subList(i, arguments.size()) : List.of(arguments.get(i));
      for (String value : given) {
        check(definition.name(), parameter, value);
      }
      values.put(parameter.name(), List.copyOf(given));
    }
    return new Arguments(definition.name(), values);
  }

  public boolean has(String name) {
    return !values.getOrDefault(name, List.of()).isEmpty();
  }

  public String string(String name) {
    List<String> given = values.getOrDefault(name, List.of());
    return given.isEmpty() ? null : given.get(0);
  }

  public String string(String name, String fallback) {
    return has(name) ? string(name) : fallback;
  }

  public int integer(String name) {
    return Integer.parseInt(string(name));
  }

  public boolean bool(String name) {
    return Boolean.parseBoolean(string(name));
  }

  public Quantity quantity(String name) {
    return Quantity.parse(string(name));
  }

  public PathExpression path(String name) {
    return PathExpression.parse(string(name));
  }

  public CelExpression cel(String name) {
    return CelExpression.compile(string(name));
  }

  public List<String> all(String name) {
    return values.getOrDefault(name, List.of());
  }

  /** How the call reads in provenance: {@code set-image server nginx:1.27}. */
  public String display() {
    StringBuilder text = new StringBuilder(function);
    values.values().forEach(list -> list.forEach(value -> text.append(' ').append(value.contains(" ") ? "'" + value + "'" : value)));
    return text.toString();
  }

  private static void check(String function, Parameter parameter, String value) {
    if (value == null) {
      throw invalid(function, parameter, "is null");
    }
    switch (parameter.type()) {
      case INT -> {
        try {
          Integer.parseInt(value);
        } catch (NumberFormatException e) {
          throw invalid(function, parameter, "must be an integer, not '" + value + "'");
        }
      }
      case BOOL -> {
        if (!value.equals("true") && !value.equals("false")) {
          throw invalid(function, parameter, "must be true or false, not '" + value + "'");
        }
      }
      case ENUM -> {
        if (!parameter.enumValues().contains(value)) {
          throw invalid(function, parameter, "must be one of " + parameter.enumValues() + ", not '" + value + "'");
        }
      }
      case QUANTITY -> {
        try {
          Quantity.parse(value);
        } catch (IllegalArgumentException e) {
          throw invalid(function, parameter, "must be a Kubernetes quantity such as 100m or 256Mi, not '" + value + "'");
        }
      }
      case PATH -> {
        try {
          PathExpression.parse(value);
        } catch (IllegalArgumentException e) {
          throw invalid(function, parameter, "is not a valid path: " + e.getMessage());
        }
      }
      case CEL -> {
        try {
          CelExpression.compile(value);
        } catch (IllegalArgumentException e) {
          throw invalid(function, parameter, "is not a valid CEL expression: " + e.getMessage());
        }
      }
      default -> {}
    }
    if (parameter.pattern() != null && !Pattern.compile(parameter.pattern()).matcher(value).matches()) {
      throw invalid(function, parameter, "must match " + parameter.pattern() + ", not '" + value + "'");
    }
  }

  private static String names(List<Parameter> parameters) {
    return String.join(", ", parameters.stream().map(p -> p.required() ? p.name() : "[" + p.name() + "]").toList());
  }

  private static TandemException invalid(String function, Parameter parameter, String problem) {
    String subject = parameter == null ? "Function '" + function + "'" : "Parameter '" + parameter.name() + "' of '" + function + "'";
    return TandemException.invalidArgument(subject + " " + problem + ".");
  }
}
