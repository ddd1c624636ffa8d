package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.ImportsApi;
import io.tandem.client.model.BackportFile;
import io.tandem.client.model.BackportProposal;
import io.tandem.client.model.BackportRequest;
import io.tandem.client.model.BackportWritten;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "backport", mixinStandardHelpOptions = true,
    description = "Carry a revision's change back to the unit's origin: the diff, or with --write a new branch there")
class UnitBackportCommand implements Callable<Integer> {

  @ParentCommand UnitCommands unit;

  @Parameters(index = "0", paramLabel = "UNIT") String slug;

  @Parameters(index = "1", paramLabel = "REVISION", description = "The revision whose change to carry back") int revision;

  @Option(names = "--write", description = "Write it as a new branch of the origin's repository") boolean write;

  @Option(names = "--branch", description = "With --write: the branch (default tandem/backport/<unit>-r<revision>)")
  String branch;

  @Override
  public Integer call() throws ApiException {
    ImportsApi imports = new ImportsApi(unit.root.client());
    if (!write) {
      BackportProposal proposal = imports.proposeBackport(unit.space, slug, revision);
      StringBuilder text = new StringBuilder();
      for (BackportFile file : proposal.getFiles()) {
        text.append(file.getDiff());
      }
      text.append(proposal.getReproduces() ? "Reproduces revision " + revision + " at "
          + UnitOriginCommand.shortId(proposal.getBaseCommit()) + "; write it with --write.\n"
          : "Not offered: " + proposal.getProblem() + "\n");
      unit.root.output().textOr(proposal, text.toString());
      return Boolean.TRUE.equals(proposal.getReproduces()) ? 0 : 1;
    }
    BackportWritten written = imports.writeBackport(unit.space, slug, revision, new BackportRequest().branch(branch));
    unit.root.output().print(written, List.of(written),
        new Output.Column<BackportWritten>("BRANCH", BackportWritten::getBranch),
        new Output.Column<BackportWritten>("COMMIT", w -> UnitOriginCommand.shortId(w.getCommit())),
        new Output.Column<BackportWritten>("FILES", w -> w.getProposal().getFiles().size()));
    return 0;
  }
}
