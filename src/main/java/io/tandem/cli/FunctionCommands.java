package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.FunctionsApi;
import io.tandem.client.model.Function;
import io.tandem.client.model.FunctionParameter;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "function", mixinStandardHelpOptions = true, subcommands = FunctionDoCommand.class,
    description = "Functions: list, explain, do (alias invoke)")
class FunctionCommands extends TandemCli.Group {

  @Spec CommandSpec spec;

  @Command(name = "list", description = "The function catalog")
  int list() throws ApiException {
    List<Function> functions = new FunctionsApi(root.client()).listFunctions();
    root.output().print(functions, functions,
        new Output.Column<Function>("NAME", Function::getName),
        new Output.Column<Function>("KIND", Function::getKind),
        new Output.Column<Function>("PARAMETERS", function -> signature(function)),
        new Output.Column<Function>("DESCRIPTION", Function::getDescription));
    return 0;
  }

  @Command(name = "explain", description = "One function: its parameters in order, and what it does")
  int explain(@Parameters(paramLabel = "NAME") String name) throws ApiException {
    Function function = new FunctionsApi(root.client()).listFunctions().stream()
        .filter(candidate -> candidate.getName().equals(name)).findFirst()
        .orElseThrow(() -> new ParameterException(spec.commandLine(), "No function " + name + "; see tandem function list."));
    root.output().print(function, function.getParameters(),
        new Output.Column<FunctionParameter>("PARAMETER", FunctionParameter::getName),
        new Output.Column<FunctionParameter>("TYPE", FunctionParameter::getType),
        new Output.Column<FunctionParameter>("REQUIRED", FunctionParameter::getRequired),
        new Output.Column<FunctionParameter>("EXAMPLE", FunctionParameter::getExample),
        new Output.Column<FunctionParameter>("DESCRIPTION", FunctionParameter::getDescription));
    return 0;
  }

  static String signature(Function function) {
    return function.getParameters() == null ? "" : function.getParameters().stream()
        .map(parameter -> (Boolean.TRUE.equals(parameter.getRequired()) ? parameter.getName() : "[" + parameter.getName() + "]")
            + (Boolean.TRUE.equals(parameter.getVariadic()) ? "..." : ""))
        .collect(Collectors.joining(" "));
  }
}
