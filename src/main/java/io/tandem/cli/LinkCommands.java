package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.LinksApi;
import io.tandem.client.model.CreateLinkRequest;
import io.tandem.client.model.Link;
import io.tandem.client.model.LinkResult;
import io.tandem.client.model.ListResponseLink;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

@Command(name = "link", mixinStandardHelpOptions = true,
    description = "Links (a unit takes values, such as its namespace, from another): create, list, delete")
class LinkCommands extends TandemCli.Group {

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, scope = ScopeType.INHERIT,
      description = "The space of the linking unit (default the context's)")
  String space;

  private LinksApi links() {
    return new LinksApi(root.client());
  }

  @Command(name = "create", description = "Link FROM to TO: tandem link create paymentservice apptique-ns")
  int create(@Parameters(index = "0", paramLabel = "FROM") String from,
      @Parameters(index = "1", paramLabel = "TO") String to,
      @Option(names = "--to-space", description = "TO's space (default the same)") String toSpace) throws ApiException {
    LinkResult result = links().createLink(space, from, new CreateLinkRequest().to(to).toSpace(toSpace));
    root.output().print(result, List.of(result.getLink()),
        new Output.Column<Link>("FROM", link -> link.getFromSpace() + "/" + link.getFromUnit()),
        new Output.Column<Link>("TO", link -> link.getToSpace() + "/" + link.getToUnit()),
        new Output.Column<Link>("HEAD", link -> result.getHeadRevisionNum()));
    return 0;
  }

  @Command(name = "list", description = "A unit's links")
  int list(@Parameters(paramLabel = "UNIT") String unit) throws ApiException {
    ListResponseLink page = links().listLinks(space, unit);
    root.output().print(page, page.getItems(),
        new Output.Column<Link>("FROM", link -> link.getFromSpace() + "/" + link.getFromUnit()),
        new Output.Column<Link>("TO", link -> link.getToSpace() + "/" + link.getToUnit()),
        new Output.Column<Link>("CREATED", Link::getCreatedAt));
    return 0;
  }

  @Command(name = "delete", description = "Remove the link from FROM to TO")
  int delete(@Parameters(index = "0", paramLabel = "FROM") String from,
      @Parameters(index = "1", paramLabel = "TO") String to,
      @Option(names = "--to-space", description = "TO's space (default the same)") String toSpace) throws ApiException {
    links().deleteLink(space, from, to, toSpace);
    root.output().text("Deleted link " + from + " -> " + to);
    return 0;
  }
}
