package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.ActionsApi;
import io.tandem.client.model.LiveResource;
import io.tandem.client.model.LiveState;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "live", mixinStandardHelpOptions = true,
    description = "What the unit's target holds: its objects, their health, and the drift from the unit")
class UnitLiveCommand implements Callable<Integer> {

  @ParentCommand UnitCommands unit;

  @Parameters(paramLabel = "UNIT") String slug;

  @Option(names = "--data", description = "Print the live objects' YAML") boolean data;

  @Override
  public Integer call() throws ApiException {
    LiveState live = new ActionsApi(unit.root.client()).getUnitLive(unit.space, slug);
    if (data) {
      unit.root.output().text(live.getData() == null ? "" : live.getData());
      return 0;
    }
    unit.root.output().print(live, live.getResources(),
        new Output.Column<LiveResource>("KIND", LiveResource::getKind),
        new Output.Column<LiveResource>("NAMESPACE", LiveResource::getNamespace),
        new Output.Column<LiveResource>("NAME", LiveResource::getName),
        new Output.Column<LiveResource>("HEALTH", resource -> resource.getHealth() == null ? null
            : resource.getHealth().getStatus()),
        new Output.Column<LiveResource>("DRIFT", resource -> live.getDrift()));
    return 0;
  }
}
