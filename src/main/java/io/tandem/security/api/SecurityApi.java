package io.tandem.security.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.NoContent;
import io.tandem.security.domain.Audit;
import io.tandem.security.domain.SpaceRoles;
import io.tandem.security.domain.TokenService;
import java.security.Principal;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Tag(name = "security", description = "API tokens, roles per space, the audit log")
@RequestMapping(path = "/api/v1", produces = MediaType.APPLICATION_JSON_VALUE)
public interface SecurityApi {

  @Operation(operationId = "whoAmI", summary = "The caller: the subject of its token, and whether it is an organisation admin")
  @Access(value = Access.Who.ANY_CALLER)
  @GetMapping("/whoami")
  CallerResponse whoAmI(Principal principal);

  @Operation(operationId = "createToken", summary = "Issue an API token; the answer shows it once, it is stored only as a hash")
  @ApiResponse(responseCode = "201", description = "Issued")
  @Access(value = Access.Who.ORG_ADMIN)
  @PostMapping(path = "/tokens", consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<IssuedToken> createToken(@RequestBody CreateTokenRequest request, Principal principal);

  @Operation(operationId = "listTokens", summary = "Tokens (their prefixes, never the tokens)")
  @Access(value = Access.Who.ORG_ADMIN)
  @GetMapping("/tokens")
  ListResponse<TokenService.Token> listTokens();

  @Operation(operationId = "revokeToken", summary = "Revoke a token: it stops working with the next request",
      description = "The organisation's last active org-admin token cannot be revoked (409 last-org-admin).")
  @Access(value = Access.Who.ORG_ADMIN)
  @DeleteMapping("/tokens/{id}")
  TokenService.Token revokeToken(@PathVariable("id") UUID id);

  @Operation(operationId = "listRoles", summary = "Who has which role in the space")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/spaces/{space}/roles")
  ListResponse<SpaceRoles.Grant> listRoles(@PathVariable("space") String space);

  @Operation(operationId = "grantRole", summary = "Give a subject a role in the space (viewer, editor, applier, admin)")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @PutMapping(path = "/spaces/{space}/roles/{subject}", consumes = MediaType.APPLICATION_JSON_VALUE)
  SpaceRoles.Grant grantRole(@PathVariable("space") String space, @PathVariable("subject") String subject,
      @RequestBody GrantRequest request, Principal principal);

  @Operation(operationId = "revokeRole", summary = "Take a subject's role in the space away")
  @ApiResponse(responseCode = "204", description = "Revoked")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @DeleteMapping(path = "/spaces/{space}/roles/{subject}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> revokeRole(@PathVariable("space") String space, @PathVariable("subject") String subject);

  @Operation(operationId = "listAudit", summary = "The audit log of every write, newest first")
  @Access(value = Access.Who.ORG_ADMIN)
  @GetMapping("/audit")
  ListResponse<Audit.Entry> listAudit(
      @Parameter(description = "Filter over Subject, Method, Path, Status, Space, Operation, At") @RequestParam(required = false) String where,
      @Parameter(description = "Page size, 1-1000") @RequestParam(required = false) Integer limit,
      @Parameter(description = "nextCursor of the previous page") @RequestParam(required = false) String cursor);

  @Schema(name = "Caller")
  record CallerResponse(String subject, boolean orgAdmin, String tokenPrefix,
      @Schema(description = "May create spaces (organisation admins always may)") boolean createSpaces) {}

  @Schema(name = "CreateTokenRequest")
  record CreateTokenRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "alice") String subject,
      @Schema(example = "alice's laptop") String name,
      @Schema(description = "An organisation admin: targets, tokens, the audit log, every space") Boolean orgAdmin,
      @Schema(description = "May create spaces (and so becomes their admin); default false") Boolean createSpaces) {}

  @Schema(name = "IssuedToken")
  record IssuedToken(TokenService.Token token, @Schema(description = "The token; shown this once") String secret) {}

  @Schema(name = "GrantRequest")
  record GrantRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, allowableValues = {"viewer", "editor", "applier", "admin"}) String role,
      @Schema(description = "May read Secret values (others see ***); default false") Boolean readSecrets) {}
}
