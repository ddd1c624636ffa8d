package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.TagsApi;
import io.tandem.client.model.BulkActionResponse;
import io.tandem.client.model.CreateTagRequest;
import io.tandem.client.model.ListResponseTag;
import io.tandem.client.model.Tag;
import io.tandem.client.model.TagRestoreResponse;
import io.tandem.client.model.TagRestoreResult;
import io.tandem.client.model.TaggedRevision;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

@Command(name = "tag", mixinStandardHelpOptions = true,
    description = "Tags (a named revision of each of some units): create, list, get, apply, restore, delete")
class TagCommands extends TandemCli.Group {

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, scope = ScopeType.INHERIT,
      description = "The space (default the context's)")
  String space;

  private TagsApi tags() {
    return new TagsApi(root.client());
  }

  @Command(name = "create", description = "Tag the head (or live) revision of the units given (default all)")
  int create(@Parameters(paramLabel = "TAG") String slug,
      @Option(names = "--unit", description = "A unit (repeatable)") List<String> units,
      @Option(names = "--where", description = "A filter in the where language") String where,
      @Option(names = "--revision", description = "head (default) or live") CreateTagRequest.RevisionEnum revision,
      @Option(names = {"-d", "--description"}) String description) throws ApiException {
    Tag tag = tags().createTag(space, new CreateTagRequest().slug(slug).units(units).where(where).revision(revision)
        .description(description));
    show(tag);
    return 0;
  }

  @Command(name = "list", description = "The space's tags")
  int list() throws ApiException {
    ListResponseTag page = tags().listTags(space);
    root.output().print(page, page.getItems(),
        new Output.Column<Tag>("TAG", Tag::getSlug),
        new Output.Column<Tag>("UNITS", tag -> tag.getRevisions() == null ? 0 : tag.getRevisions().size()),
        new Output.Column<Tag>("CREATED", Tag::getCreatedAt),
        new Output.Column<Tag>("DESCRIPTION", Tag::getDescription));
    return 0;
  }

  @Command(name = "get", description = "A tag: the revision it names of each unit")
  int get(@Parameters(paramLabel = "TAG") String slug) throws ApiException {
    show(tags().getTag(space, slug));
    return 0;
  }

  @Command(name = "apply", description = "Apply each unit's tagged revision")
  int apply(@Parameters(paramLabel = "TAG") String slug,
      @Option(names = "--wait-for", description = "healthy or none") String waitFor,
      @Option(names = "--timeout", description = "With --wait-for: how long (30s, 5m)") String timeout) throws ApiException {
    BulkActionResponse response = tags().applyTag(space, slug, waitFor, timeout);
    return BulkResults.show(root.output(), response);
  }

  @Command(name = "restore", description = "Restore each unit to its tagged revision (a new head revision)")
  int restore(@Parameters(paramLabel = "TAG") String slug) throws ApiException {
    TagRestoreResponse response = tags().restoreTag(space, slug);
    root.output().print(response, response.getResults(),
        new Output.Column<TagRestoreResult>("UNIT", TagRestoreResult::getUnit),
        new Output.Column<TagRestoreResult>("HEAD", TagRestoreResult::getHeadRevisionNum),
        new Output.Column<TagRestoreResult>("ERROR", result -> BulkResults.error(result.getError())));
    return response.getResults().stream().anyMatch(result -> result.getError() != null) ? 1 : 0;
  }

  @Command(name = "delete", description = "Delete a tag (the revisions stay)")
  int delete(@Parameters(paramLabel = "TAG") String slug) throws ApiException {
    tags().deleteTag(space, slug);
    root.output().text("Deleted tag " + slug);
    return 0;
  }

  private void show(Tag tag) {
    root.output().print(tag, tag.getRevisions(),
        new Output.Column<TaggedRevision>("TAG", revision -> tag.getSlug()),
        new Output.Column<TaggedRevision>("UNIT", TaggedRevision::getUnit),
        new Output.Column<TaggedRevision>("REVISION", TaggedRevision::getRevisionNum));
  }
}
