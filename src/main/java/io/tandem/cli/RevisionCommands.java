package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.UnitsApi;
import io.tandem.client.model.ListResponseRevision;
import io.tandem.client.model.Mutation;
import io.tandem.client.model.Revision;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

@Command(name = "revision", mixinStandardHelpOptions = true, description = "A unit's revisions: list, get")
class RevisionCommands extends TandemCli.Group {

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, scope = ScopeType.INHERIT,
      description = "The space (default the context's)")
  String space;

  @Command(name = "list", description = "A unit's revisions, newest first")
  int list(@Parameters(paramLabel = "UNIT") String unit,
      @Option(names = "--limit", defaultValue = "1000") int limit) throws ApiException {
    print(root.output(), new UnitsApi(root.client()).listRevisions(space, unit, limit, null));
    return 0;
  }

  /** A page of revisions, as {@code revision list} and {@code unit revisions} show it. */
  static void print(Output output, ListResponseRevision page) {
    output.print(page, page.getItems(),
        new Output.Column<Revision>("NUM", Revision::getNum),
        new Output.Column<Revision>("SOURCE", Revision::getSource),
        new Output.Column<Revision>("AUTHOR", Revision::getAuthor),
        new Output.Column<Revision>("CREATED", Revision::getCreatedAt),
        new Output.Column<Revision>("DESCRIPTION", Revision::getDescription));
  }

  @Command(name = "get", description = "One revision (3, -1, head, live, tag:<name>) and its mutations; --data: its YAML")
  int get(@Parameters(index = "0", paramLabel = "UNIT") String unit,
      @Parameters(index = "1", paramLabel = "REVISION", defaultValue = "head") String revision,
      @Option(names = "--data", description = "Print the revision's YAML") boolean data) throws ApiException {
    Revision found = new UnitsApi(root.client()).getRevision(space, unit, revision);
    if (data) {
      root.output().text(found.getData() == null ? "" : found.getData());
      return 0;
    }
    root.output().print(found, found.getMutations() == null ? java.util.List.of() : found.getMutations(),
        new Output.Column<Mutation>("REVISION", mutation -> found.getNum()),
        new Output.Column<Mutation>("RESOURCE", Mutation::getResource),
        new Output.Column<Mutation>("PATH", Mutation::getPath),
        new Output.Column<Mutation>("OP", Mutation::getOp),
        new Output.Column<Mutation>("BY", Mutation::getBy));
    return 0;
  }
}
