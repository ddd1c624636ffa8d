package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.VariantsApi;
import io.tandem.client.model.CloneRequest;
import io.tandem.client.model.CloneResponse;
import io.tandem.client.model.CloneResult;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "clone", mixinStandardHelpOptions = true,
    description = "Clone units of a space into other spaces, as variants that can upgrade from them later:"
        + " tandem clone -s apptique-prod --to apptique-dev")
class CloneCommand implements Callable<Integer> {

  @ParentCommand TandemCli root;

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, description = "The space cloned from (default the context's)")
  String space;

  @Option(names = "--to", required = true, split = ",", description = "The spaces cloned into (repeatable, or a,b)")
  List<String> to;

  @Option(names = "--unit", description = "A unit (repeatable); none: all the filter selects") List<String> units;
  @Option(names = "--where", description = "A filter in the where language") String where;

  @Override
  public Integer call() throws ApiException {
    CloneResponse response = new VariantsApi(root.client()).cloneUnits(space, new CloneRequest().toSpaces(to).units(units)
        .where(where));
    root.output().print(response, response.getResults(),
        new Output.Column<CloneResult>("SPACE", CloneResult::getSpace),
        new Output.Column<CloneResult>("UNIT", CloneResult::getUnit),
        new Output.Column<CloneResult>("HEAD", CloneResult::getHeadRevisionNum),
        new Output.Column<CloneResult>("ERROR", result -> BulkResults.error(result.getError())));
    return response.getResults().stream().anyMatch(result -> result.getError() != null) ? 1 : 0;
  }
}
