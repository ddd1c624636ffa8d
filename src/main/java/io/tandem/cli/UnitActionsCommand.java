package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.ActionsApi;
import io.tandem.client.model.ListResponseUnitAction;
import io.tandem.client.model.UnitAction;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "actions", mixinStandardHelpOptions = true, description = "A unit's applies, refreshes and destroys, newest first")
class UnitActionsCommand implements Callable<Integer> {

  @ParentCommand UnitCommands unit;

  @Parameters(paramLabel = "UNIT") String slug;

  @Override
  public Integer call() throws ApiException {
    ListResponseUnitAction page = new ActionsApi(unit.root.client()).listUnitActions(unit.space, slug, 1000, null);
    unit.root.output().print(page, page.getItems(),
        new Output.Column<UnitAction>("ID", UnitAction::getId),
        new Output.Column<UnitAction>("ACTION", UnitAction::getAction),
        new Output.Column<UnitAction>("STATUS", UnitAction::getStatus),
        new Output.Column<UnitAction>("RESULT", UnitAction::getResult),
        new Output.Column<UnitAction>("REVISION", UnitAction::getRevisionNum),
        new Output.Column<UnitAction>("MESSAGE", UnitAction::getMessage));
    return 0;
  }
}
