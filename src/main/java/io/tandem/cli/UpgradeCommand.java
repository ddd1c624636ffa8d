package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.VariantsApi;
import io.tandem.client.model.UpgradesRequest;
import io.tandem.client.model.UpgradesResponse;
import io.tandem.client.model.UpgradesResult;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "upgrade", mixinStandardHelpOptions = true,
    description = "Upgrade the clones of a space from their upstreams (one unit: tandem unit upgrade)")
class UpgradeCommand implements Callable<Integer> {

  @ParentCommand TandemCli root;

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, description = "The space (default the context's)")
  String space;

  @Option(names = "--unit", description = "A unit (repeatable); none: all the filter selects") List<String> units;
  @Option(names = "--where", description = "A filter in the where language") String where;
  @Option(names = "--strategy", description = "merge (default), upstreamWins or downstreamWins") String strategy;

  @Override
  public Integer call() throws ApiException {
    UpgradesResponse response = new VariantsApi(root.client()).upgradeUnits(space, new UpgradesRequest().units(units)
        .where(where).strategy(strategy));
    root.output().print(response, response.getResults(),
        new Output.Column<UpgradesResult>("UNIT", UpgradesResult::getUnit),
        new Output.Column<UpgradesResult>("HEAD", result -> result.getUpgrade() == null ? null : result.getUpgrade().getHeadRevisionNum()),
        new Output.Column<UpgradesResult>("CHANGES", result -> result.getUpgrade() == null ? null : result.getUpgrade().getChangesApplied()),
        new Output.Column<UpgradesResult>("ERROR", result -> BulkResults.error(result.getError())));
    return response.getResults().stream().anyMatch(result -> result.getError() != null) ? 1 : 0;
  }
}
