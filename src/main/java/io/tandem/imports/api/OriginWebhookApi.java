package io.tandem.imports.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;

@Tag(name = "imports")
@RequestMapping(path = "/api/v1/origins", produces = MediaType.APPLICATION_JSON_VALUE)
public interface OriginWebhookApi {

  @Operation(operationId = "pushToOrigins",
      summary = "A Git host's push webhook (GitHub, GitLab, Gitea): the units kept in step with the pushed branch or"
          + " tag of that repository take the new commit at once",
      description = "Signed with tandem.imports.origin-webhook-secret: GitHub's X-Hub-Signature-256 (HMAC-SHA256 of"
          + " the body), Gitea's X-Gitea-Signature, or GitLab's X-Gitlab-Token. Events other than a push are"
          + " answered with units 0.")
  @ApiResponse(responseCode = "202", description = "How many units' origins were made due")
  @Access(Access.Who.SIGNED_REQUEST)
  @PostMapping(path = "/webhook", consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<PushResponse> pushToOrigins(@RequestBody byte[] body,
      @Parameter(description = "GitHub (and Gitea): sha256=<hex HMAC-SHA256 of the body>")
          @RequestHeader(name = "X-Hub-Signature-256", required = false) String hubSignature,
      @Parameter(description = "Gitea: <hex HMAC-SHA256 of the body>")
          @RequestHeader(name = "X-Gitea-Signature", required = false) String giteaSignature,
      @Parameter(description = "GitLab: the secret itself")
          @RequestHeader(name = "X-Gitlab-Token", required = false) String gitlabToken,
      @Parameter(description = "GitHub: push, ping …") @RequestHeader(name = "X-GitHub-Event", required = false)
          String githubEvent);

  @Schema(name = "OriginPush")
  record PushResponse(@Schema(description = "Units whose origins take the push now") int units) {}
}
