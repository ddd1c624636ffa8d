package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.ActionsApi;
import io.tandem.client.model.BulkActionRequest;
import io.tandem.client.model.UnitAction;
import java.util.List;
import java.util.UUID;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "action", mixinStandardHelpOptions = true,
    description = "Applies, refreshes and destroys of many units at once (run), and one action by its id (get)")
class ActionCommands extends TandemCli.Group {

  @Command(name = "run", description = "apply, refresh or destroy the units selected, in one space or (no --space) in"
      + " every space: tandem action run refresh --where \"Labels.tier = 'web'\"")
  int run(@Parameters(paramLabel = "ACTION", description = "apply, refresh or destroy") BulkActionRequest.ActionEnum action,
      @Option(names = {"-s", "--space"}, description = "One space (default: every space the caller may act in)") String space,
      @Option(names = "--unit", description = "A unit (repeatable)") List<String> units,
      @Option(names = "--where", description = "A filter in the where language") String where,
      @Option(names = "--count", description = "The number of units the caller expects; a different one refuses")
          Integer count,
      @Option(names = "--dry-run", description = "Apply: preview; refresh: only report drift") boolean dryRun,
      @Option(names = "--confirm", description = "Destroy: confirm deleting the objects") boolean confirm,
      @Option(names = "--wait-for", description = "healthy or none") BulkActionRequest.WaitForEnum waitFor,
      @Option(names = "--timeout", description = "With --wait-for: how long (30s, 5m)") String timeout) throws ApiException {
    BulkActionRequest request = new BulkActionRequest().action(action).units(units).where(where).count(count)
        .dryRun(dryRun ? Boolean.TRUE : null).confirm(confirm ? Boolean.TRUE : null).waitFor(waitFor).timeout(timeout);
    ActionsApi actions = new ActionsApi(root.client());
    return BulkResults.show(root.output(), space == null ? actions.runActions(request) : actions.runSpaceActions(space, request));
  }

  @Command(name = "get", description = "One action by its id (as unit actions lists them)")
  int get(@Parameters(paramLabel = "ID") UUID id) throws ApiException {
    UnitAction action = new ActionsApi(root.client()).getAction(id);
    root.output().print(action, List.of(action),
        new Output.Column<UnitAction>("ID", UnitAction::getId),
        new Output.Column<UnitAction>("ACTION", UnitAction::getAction),
        new Output.Column<UnitAction>("STATUS", UnitAction::getStatus),
        new Output.Column<UnitAction>("RESULT", UnitAction::getResult),
        new Output.Column<UnitAction>("MESSAGE", UnitAction::getMessage));
    return 0;
  }
}
