package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.FunctionsApi;
import io.tandem.client.model.Function;
import io.tandem.client.model.FunctionCall;
import io.tandem.client.model.InvokeRequest;
import io.tandem.client.model.InvokeResponse;
import io.tandem.client.model.InvokeUnitResult;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "function", mixinStandardHelpOptions = true, description = "Functions: list, invoke")
class FunctionCommands extends TandemCli.Group {

  @Command(name = "list", description = "The function catalog")
  int list() throws ApiException {
    List<Function> functions = new FunctionsApi(root.client()).listFunctions();
    root.output().print(functions, functions,
        new Output.Column<Function>("NAME", Function::getName),
        new Output.Column<Function>("KIND", Function::getKind),
        new Output.Column<Function>("DESCRIPTION", Function::getDescription));
    return 0;
  }

  @Command(name = "invoke", description = "Run a function on units: tandem function invoke -s prod set-replicas 3 --unit web")
  int invoke(
      @Option(names = {"-s", "--space"}, required = true) String space,
      @Parameters(index = "0", paramLabel = "NAME") String name,
      @Parameters(index = "1..*", paramLabel = "ARG") List<String> args,
      @Option(names = "--unit", description = "A unit (repeatable); none: every unit the filter selects") List<String> units,
      @Option(names = "--where", description = "A filter in the where language") String where,
      @Option(names = "--dry-run", description = "Compute, write nothing") boolean dryRun,
      @Option(names = {"-m", "--message"}, description = "Change description") String message) throws ApiException {
    InvokeResponse response = new FunctionsApi(root.client()).invokeFunctions(space, new InvokeRequest()
        .functions(List.of(new FunctionCall().name(name).args(args == null ? List.of() : args)))
        .units(units).where(where).dryRun(dryRun).changeDescription(message));
    root.output().print(response, response.getResults(),
        new Output.Column<InvokeUnitResult>("UNIT", InvokeUnitResult::getUnit),
        new Output.Column<InvokeUnitResult>("MUTATED", InvokeUnitResult::getMutated),
        new Output.Column<InvokeUnitResult>("REVISION", InvokeUnitResult::getRevisionNum),
        new Output.Column<InvokeUnitResult>("ERROR", result -> result.getError() == null ? null : result.getError().getDetail()));
    return response.getResults().stream().anyMatch(result -> result.getError() != null) ? 1 : 0;
  }
}
