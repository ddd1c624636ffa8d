package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.UnitsApi;
import io.tandem.client.model.Approval;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "approve", mixinStandardHelpOptions = true, description = "Approve a revision (default head) of a unit")
class UnitApproveCommand implements Callable<Integer> {

  @ParentCommand UnitCommands unit;

  @Parameters(paramLabel = "UNIT") String slug;

  @Option(names = {"-r", "--revision"}, description = "3, -1, head (default)") String revision;

  @Override
  public Integer call() throws ApiException {
    Approval approval = new UnitsApi(unit.root.client()).approveUnit(unit.space, slug, revision);
    unit.root.output().print(approval, List.of(approval),
        new Output.Column<Approval>("UNIT", Approval::getUnit),
        new Output.Column<Approval>("REVISION", Approval::getRevisionNum),
        new Output.Column<Approval>("APPROVED BY", Approval::getApprovedBy),
        new Output.Column<Approval>("REQUIRED", Approval::getRequiredApprovals));
    return 0;
  }
}
