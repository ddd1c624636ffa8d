package io.tandem.security.api;

import io.tandem.common.access.Role;
import io.tandem.common.error.TandemException;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.paging.PageRequest;
import io.tandem.common.web.Authors;
import io.tandem.query.domain.Where;
import io.tandem.query.domain.WhereCatalog;
import io.tandem.security.domain.Audit;
import io.tandem.security.domain.Caller;
import io.tandem.security.domain.SpaceRoles;
import io.tandem.security.domain.TokenService;
import java.net.URI;
import java.security.Principal;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.RestController;

@RestController
class SecurityController implements SecurityApi {

  private final TokenService tokens;
  private final SpaceRoles roles;
  private final Audit audit;

  SecurityController(TokenService tokens, SpaceRoles roles, Audit audit) {
    this.tokens = tokens;
    this.roles = roles;
    this.audit = audit;
  }

  @Override
  public CallerResponse whoAmI(Principal principal) {
    Caller caller = principal instanceof Authentication authentication && authentication.getPrincipal() instanceof Caller found
        ? found : new Caller(Authors.of(principal), false, null);
    return new CallerResponse(caller.name(), caller.orgAdmin(), caller.tokenPrefix(), caller.mayCreateSpaces());
  }

  @Override
  public ResponseEntity<IssuedToken> createToken(CreateTokenRequest request, Principal principal) {
    TokenService.Issued issued = tokens.issue(request.name(), request.subject(), Boolean.TRUE.equals(request.orgAdmin()),
        Boolean.TRUE.equals(request.createSpaces()), Authors.of(principal));
    return ResponseEntity.created(URI.create("/api/v1/tokens/" + issued.token().id())).body(new IssuedToken(issued.token(), issued.secret()));
  }

  @Override
  public ListResponse<TokenService.Token> listTokens() {
    return new ListResponse<>(tokens.list(), null);
  }

  @Override
  public TokenService.Token revokeToken(UUID id) {
    return tokens.revoke(id);
  }

  @Override
  public ListResponse<SpaceRoles.Grant> listRoles(String space) {
    return new ListResponse<>(roles.list(space), null);
  }

  @Override
  public SpaceRoles.Grant grantRole(String space, String subject, GrantRequest request, Principal principal) {
    Role role;
    try {
      role = Role.valueOf(request.role() == null ? "" : request.role());
    } catch (IllegalArgumentException e) {
      throw TandemException.validation("Field 'role' must be viewer, editor, applier or admin.");
    }
    return roles.grant(space, subject, role, Boolean.TRUE.equals(request.readSecrets()), Authors.of(principal));
  }

  @Override
  public ResponseEntity<Void> revokeRole(String space, String subject) {
    roles.revoke(space, subject);
    return ResponseEntity.noContent().build();
  }

  @Override
  public ListResponse<Audit.Entry> listAudit(String where, Integer limit, String cursor) {
    return audit.list(PageRequest.of(limit, cursor), Where.parse(where, WhereCatalog.AUDIT));
  }
}
