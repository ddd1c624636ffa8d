package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.FunctionsApi;
import io.tandem.client.model.Function;
import io.tandem.client.model.FunctionCall;
import io.tandem.client.model.InvokeRequest;
import io.tandem.client.model.InvokeResponse;
import io.tandem.client.model.InvokeUnitResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

@Command(name = "do", aliases = "invoke", mixinStandardHelpOptions = true,
    description = {"Run a function on units, with its arguments in the catalog's order or by name:",
        "  tandem function do set-container-resources server floor 100m 200Mi 2 --unit paymentservice",
        "  tandem function do set-replicas --replicas=3 --where \"Labels.tier = 'web'\""})
class FunctionDoCommand implements Callable<Integer> {

  @ParentCommand FunctionCommands functions;
  @Spec CommandSpec spec;

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, description = "The space (default the context's)")
  String space;

  @Parameters(index = "0", paramLabel = "NAME") String name;

  @Parameters(index = "1..*", paramLabel = "ARG", description = "Arguments in the order of the function's parameters")
  List<String> args = new ArrayList<>();

  @Unmatched
  List<String> named = new ArrayList<>();

  @Option(names = "--unit", description = "A unit (repeatable); none: every unit the filter selects") List<String> units;
  @Option(names = "--where", description = "A filter in the where language") String where;
  @Option(names = "--dry-run", description = "Compute, write nothing") boolean dryRun;
  @Option(names = {"-m", "--message"}, description = "Change description") String message;

  @Override
  public Integer call() throws ApiException {
    FunctionsApi api = new FunctionsApi(functions.root.client());
    // after "--" (tandem function do -- set-pod-defaults --x=1) named arguments arrive as positional ones
    args.stream().filter(arg -> arg.matches("--[A-Za-z][\\w-]*=.*")).forEach(named::add);
    args.removeIf(arg -> arg.matches("--[A-Za-z][\\w-]*=.*"));
    List<String> arguments = named.isEmpty() ? args : new FunctionArguments(spec.commandLine()).order(catalog(api), args, named);
    InvokeResponse response = api.invokeFunctions(space, new InvokeRequest()
        .functions(List.of(new FunctionCall().name(name).args(arguments)))
        .units(units).where(where).dryRun(dryRun).changeDescription(message));
    functions.root.output().print(response, response.getResults(),
        new Output.Column<InvokeUnitResult>("UNIT", InvokeUnitResult::getUnit),
        new Output.Column<InvokeUnitResult>("MUTATED", InvokeUnitResult::getMutated),
        new Output.Column<InvokeUnitResult>("REVISION", InvokeUnitResult::getRevisionNum),
        new Output.Column<InvokeUnitResult>("ERROR", result -> result.getError() == null ? null : result.getError().getDetail()));
    return response.getResults().stream().anyMatch(result -> result.getError() != null) ? 1 : 0;
  }

  private Function catalog(FunctionsApi api) throws ApiException {
    return api.listFunctions().stream().filter(function -> function.getName().equals(name)).findFirst()
        .orElseThrow(() -> new ParameterException(spec.commandLine(), "No function " + name + "; see tandem function list."));
  }
}
