package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.ImportsApi;
import io.tandem.client.model.OriginSync;
import io.tandem.client.model.UnitOrigin;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "origin", mixinStandardHelpOptions = true,
    description = "The Git file or folder a unit is kept in step with; --sync takes its newest commit now")
class UnitOriginCommand implements Callable<Integer> {

  @ParentCommand UnitCommands unit;

  @Parameters(paramLabel = "UNIT") String slug;

  @Option(names = "--sync", description = "Merge the origin's newest commit into the unit now") boolean sync;

  @Option(names = "--strategy", description = "With --sync: merge (default: conflicts are recorded), upstreamWins or"
      + " downstreamWins") String strategy;

  @Override
  public Integer call() throws ApiException {
    ImportsApi imports = new ImportsApi(unit.root.client());
    if (!sync) {
      UnitOrigin origin = imports.getUnitOrigin(unit.space, slug);
      unit.root.output().print(origin, List.of(origin),
          new Output.Column<UnitOrigin>("URL", UnitOrigin::getUrl),
          new Output.Column<UnitOrigin>("REF", UnitOrigin::getRef),
          new Output.Column<UnitOrigin>("PATH", UnitOrigin::getPath),
          new Output.Column<UnitOrigin>("COMMIT", o -> shortId(o.getSyncedCommit())),
          new Output.Column<UnitOrigin>("CHECKED", UnitOrigin::getCheckedAt),
          new Output.Column<UnitOrigin>("CONFLICT", o -> o.getConflict() == null ? null
              : shortId(o.getConflict().getCommit()) + " (" + o.getConflict().getPaths().size() + " paths)"),
          new Output.Column<UnitOrigin>("ERROR", UnitOrigin::getLastError));
      return 0;
    }
    OriginSync synced = imports.syncUnitOrigin(unit.space, slug, strategy == null ? "merge" : strategy);
    unit.root.output().print(synced, List.of(synced),
        new Output.Column<OriginSync>("OUTCOME", OriginSync::getOutcome),
        new Output.Column<OriginSync>("COMMIT", s -> shortId(s.getCommit())),
        new Output.Column<OriginSync>("HEAD", OriginSync::getHeadRevisionNum),
        new Output.Column<OriginSync>("ERROR", OriginSync::getError));
    return synced.getOutcome() == OriginSync.OutcomeEnum.CONFLICT || synced.getOutcome() == OriginSync.OutcomeEnum.FAILED
        ? 1 : 0;
  }

  static String shortId(String commit) {
    return commit == null ? null : commit.substring(0, Math.min(12, commit.length()));
  }
}
