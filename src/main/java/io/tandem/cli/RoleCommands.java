package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.SecurityApi;
import io.tandem.client.model.Grant;
import io.tandem.client.model.GrantRequest;
import io.tandem.client.model.ListResponseGrant;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

@Command(name = "role", mixinStandardHelpOptions = true, description = "Roles in a space: list, grant, revoke")
class RoleCommands extends TandemCli.Group {

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, scope = ScopeType.INHERIT,
      description = "The space (default the context's)")
  String space;

  @Command(name = "list", description = "Who has which role in the space")
  int list() throws ApiException {
    ListResponseGrant page = new SecurityApi(root.client()).listRoles(space);
    show(page, page.getItems());
    return 0;
  }

  @Command(name = "grant", description = "Give a subject a role: viewer, editor, applier or admin")
  int grant(@Parameters(index = "0", paramLabel = "SUBJECT") String subject,
      @Parameters(index = "1", paramLabel = "ROLE") GrantRequest.RoleEnum role,
      @Option(names = "--read-secrets", description = "May read Secret values") boolean readSecrets) throws ApiException {
    Grant grant = new SecurityApi(root.client()).grantRole(space, subject, new GrantRequest().role(role)
        .readSecrets(readSecrets ? Boolean.TRUE : null));
    show(grant, List.of(grant));
    return 0;
  }

  @Command(name = "revoke", description = "Take a subject's role in the space away")
  int revoke(@Parameters(paramLabel = "SUBJECT") String subject) throws ApiException {
    new SecurityApi(root.client()).revokeRole(space, subject);
    root.output().text("Revoked the role of " + subject + " in " + space);
    return 0;
  }

  private void show(Object whole, List<Grant> grants) {
    root.output().print(whole, grants,
        new Output.Column<Grant>("SUBJECT", Grant::getSubject),
        new Output.Column<Grant>("ROLE", Grant::getRole),
        new Output.Column<Grant>("READ SECRETS", Grant::getReadSecrets),
        new Output.Column<Grant>("GRANTED BY", Grant::getGrantedBy),
        new Output.Column<Grant>("AT", Grant::getGrantedAt));
  }
}
