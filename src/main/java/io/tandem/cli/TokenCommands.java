package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.SecurityApi;
import io.tandem.client.model.Caller;
import io.tandem.client.model.CreateTokenRequest;
import io.tandem.client.model.IssuedToken;
import io.tandem.client.model.ListResponseToken;
import io.tandem.client.model.Token;
import java.util.List;
import java.util.UUID;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "token", mixinStandardHelpOptions = true, description = "API tokens: create, list, revoke, whoami")
class TokenCommands extends TandemCli.Group {

  private SecurityApi security() {
    return new SecurityApi(root.client());
  }

  @Command(name = "create", description = "Issue a token for a subject; its secret is shown once, here")
  int create(@Parameters(paramLabel = "SUBJECT") String subject,
      @Option(names = "--name", description = "What it is for") String name,
      @Option(names = "--org-admin", description = "An organisation admin's token") boolean orgAdmin) throws ApiException {
    IssuedToken issued = security().createToken(new CreateTokenRequest().subject(subject).name(name)
        .orgAdmin(orgAdmin ? Boolean.TRUE : null));
    if (root.format == Output.Format.table) {
      show(issued.getToken(), List.of(issued.getToken()));
      root.output().text("Secret (shown once): " + issued.getSecret());
    } else {
      root.output().document(issued);
    }
    return 0;
  }

  @Command(name = "list", description = "The tokens (never their secrets)")
  int list() throws ApiException {
    ListResponseToken page = security().listTokens();
    show(page, page.getItems());
    return 0;
  }

  @Command(name = "revoke", description = "Revoke a token by its id")
  int revoke(@Parameters(paramLabel = "ID") UUID id) throws ApiException {
    Token token = security().revokeToken(id);
    show(token, List.of(token));
    return 0;
  }

  @Command(name = "whoami", description = "Who the server takes the caller for")
  int whoami() throws ApiException {
    Caller caller = security().whoAmI();
    root.output().print(caller, List.of(caller),
        new Output.Column<Caller>("SUBJECT", Caller::getSubject),
        new Output.Column<Caller>("ORG ADMIN", Caller::getOrgAdmin),
        new Output.Column<Caller>("TOKEN", Caller::getTokenPrefix));
    return 0;
  }

  private void show(Object whole, List<Token> tokens) {
    root.output().print(whole, tokens,
        new Output.Column<Token>("ID", Token::getId),
        new Output.Column<Token>("SUBJECT", Token::getSubject),
        new Output.Column<Token>("NAME", Token::getName),
        new Output.Column<Token>("PREFIX", Token::getPrefix),
        new Output.Column<Token>("ORG ADMIN", Token::getOrgAdmin),
        new Output.Column<Token>("REVOKED", Token::getRevokedAt));
  }
}
