package io.tandem.cli;

import io.tandem.client.model.Function;
import io.tandem.client.model.FunctionParameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * A function's arguments in the catalog's order, from positional ones followed by {@code --name=value} ones (names
 * as in the catalog, or in kebab case: {@code --limit-factor=2}).
 */
final class FunctionArguments {

  private final CommandLine command;

  FunctionArguments(CommandLine command) {
    this.command = command;
  }

  List<String> order(Function function, List<String> positional, List<String> named) {
    List<FunctionParameter> parameters = function.getParameters() == null ? List.of() : function.getParameters();
    List<String> values = new ArrayList<>(positional);
    for (String option : named) {
      int equals = option.indexOf('=');
      if (!option.startsWith("--") || equals < 0) {
        throw new ParameterException(command, "Unknown option " + option + "; name a parameter as --name=value.");
      }
      int index = indexOf(parameters, option.substring(2, equals), function);
      if (index < positional.size()) {
        throw new ParameterException(command, option + " names a parameter already given by position.");
      }
      while (values.size() <= index) {
        values.add(null);
      }
      values.set(index, option.substring(equals + 1));
    }
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i) == null) {
        if (i < parameters.size() && Boolean.TRUE.equals(parameters.get(i).getRequired())) {
          throw new ParameterException(command, "Give " + parameters.get(i).getName() + " (--" + parameters.get(i).getName()
              + "=…): " + function.getName() + " " + FunctionCommands.signature(function));
        }
        values.set(i, "");
      }
    }
    return values;
  }

  private int indexOf(List<FunctionParameter> parameters, String given, Function function) {
    String wanted = plain(given);
    for (int i = 0; i < parameters.size(); i++) {
      if (plain(parameters.get(i).getName()).equals(wanted)) {
        return i;
      }
    }
    throw new ParameterException(command, function.getName() + " has no parameter " + given + "; its parameters: "
        + FunctionCommands.signature(function));
  }

  private static String plain(String name) {
    return name.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
  }
}
