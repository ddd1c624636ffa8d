package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.ChangeSetsApi;
import io.tandem.client.model.ChangeSet;
import io.tandem.client.model.ChangeSetRevision;
import io.tandem.client.model.ChangeSetUnitSelection;
import io.tandem.client.model.CreateChangeSetRequest;
import io.tandem.client.model.ListResponseChangeSet;
import io.tandem.client.model.ListResponseChangeSetRevision;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

@Command(name = "changeset", aliases = "change-set", mixinStandardHelpOptions = true,
    description = "Change sets (changes to several units, applied together): create, list, get, add, remove,"
        + " revisions, apply, close, delete")
class ChangeSetCommands extends TandemCli.Group {

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, scope = ScopeType.INHERIT,
      description = "The space (default the context's)")
  String space;

  private ChangeSetsApi changeSets() {
    return new ChangeSetsApi(root.client());
  }

  @Command(name = "create", description = "Open a change set over some units")
  int create(@Parameters(paramLabel = "CHANGESET") String slug,
      @Option(names = "--unit", description = "A unit (repeatable)") List<String> units,
      @Option(names = "--where", description = "A filter in the where language") String where,
      @Option(names = {"-d", "--description"}) String description) throws ApiException {
    show(changeSets().createChangeSet(space, new CreateChangeSetRequest().slug(slug).units(units).where(where)
        .description(description)));
    return 0;
  }

  @Command(name = "list", description = "The space's change sets")
  int list() throws ApiException {
    ListResponseChangeSet page = changeSets().listChangeSets(space);
    showAll(page, page.getItems());
    return 0;
  }

  @Command(name = "get", description = "A change set")
  int get(@Parameters(paramLabel = "CHANGESET") String slug) throws ApiException {
    show(changeSets().getChangeSet(space, slug));
    return 0;
  }

  @Command(name = "add", description = "Add units to a change set")
  int add(@Parameters(paramLabel = "CHANGESET") String slug,
      @Option(names = "--unit", description = "A unit (repeatable)") List<String> units,
      @Option(names = "--where", description = "A filter in the where language") String where) throws ApiException {
    show(changeSets().addChangeSetUnits(space, slug, new ChangeSetUnitSelection().units(units).where(where)));
    return 0;
  }

  @Command(name = "remove", description = "Take a unit out of a change set")
  int remove(@Parameters(index = "0", paramLabel = "CHANGESET") String slug,
      @Parameters(index = "1", paramLabel = "UNIT") String unit) throws ApiException {
    show(changeSets().removeChangeSetUnit(space, slug, unit));
    return 0;
  }

  @Command(name = "revisions", description = "The revisions made in a change set")
  int revisions(@Parameters(paramLabel = "CHANGESET") String slug) throws ApiException {
    ListResponseChangeSetRevision page = changeSets().listChangeSetRevisions(space, slug);
    root.output().print(page, page.getItems(),
        new Output.Column<ChangeSetRevision>("UNIT", ChangeSetRevision::getUnit),
        new Output.Column<ChangeSetRevision>("REVISION", ChangeSetRevision::getRevisionNum),
        new Output.Column<ChangeSetRevision>("SOURCE", ChangeSetRevision::getSource),
        new Output.Column<ChangeSetRevision>("AUTHOR", ChangeSetRevision::getAuthor),
        new Output.Column<ChangeSetRevision>("DESCRIPTION", ChangeSetRevision::getDescription));
    return 0;
  }

  @Command(name = "apply", description = "Apply the change set's units together")
  int apply(@Parameters(paramLabel = "CHANGESET") String slug,
      @Option(names = "--wait-for", description = "healthy or none") String waitFor,
      @Option(names = "--timeout", description = "With --wait-for: how long (30s, 5m)") String timeout) throws ApiException {
    return BulkResults.show(root.output(), changeSets().applyChangeSet(space, slug, waitFor, timeout));
  }

  @Command(name = "close", description = "Close a change set: its units take changes from anyone again")
  int close(@Parameters(paramLabel = "CHANGESET") String slug) throws ApiException {
    show(changeSets().closeChangeSet(space, slug));
    return 0;
  }

  @Command(name = "delete", description = "Delete a change set")
  int delete(@Parameters(paramLabel = "CHANGESET") String slug) throws ApiException {
    changeSets().deleteChangeSet(space, slug);
    root.output().text("Deleted change set " + slug);
    return 0;
  }

  private void show(ChangeSet changeSet) {
    showAll(changeSet, List.of(changeSet));
  }

  private void showAll(Object whole, List<ChangeSet> changeSets) {
    root.output().print(whole, changeSets,
        new Output.Column<ChangeSet>("CHANGESET", ChangeSet::getSlug),
        new Output.Column<ChangeSet>("UNITS", ChangeSet::getUnits),
        new Output.Column<ChangeSet>("CREATED", ChangeSet::getCreatedAt),
        new Output.Column<ChangeSet>("DESCRIPTION", ChangeSet::getDescription));
  }
}
