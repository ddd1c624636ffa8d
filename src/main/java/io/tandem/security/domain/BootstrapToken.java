package io.tandem.security.domain;

import io.tandem.common.config.TandemProperties;
import io.tandem.security.SecurityProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The first admin: {@code tandem.security.bootstrap-token} when configured; otherwise, on a first start with no
 * token at all, one is issued and written to {@code <data-dir>/admin.token} (readable by the owner only). The log
 * says where, never the token.
 */
@Component
class BootstrapToken {

  private static final Logger log = LoggerFactory.getLogger(BootstrapToken.class);

  private final TokenService tokens;
  private final Path file;
  private final String configured;

  BootstrapToken(TokenService tokens, TandemProperties properties, SecurityProperties settings) {
    this.tokens = tokens;
    this.file = properties.dataDir().resolve("admin.token").toAbsolutePath().normalize();
    this.configured = settings.bootstrapToken();
  }

  @EventListener(ApplicationReadyEvent.class)
  void ensureAnAdmin() {
    if (!configured.isBlank()) {
      tokens.ensure(configured.strip(), "bootstrap (configuration)", "admin");
      return;
    }
    if (tokens.anyTokens()) {
      return;
    }
    TokenService.Issued issued = tokens.issue("bootstrap", "admin", true, "bootstrap");
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, issued.secret() + "\n");
      try {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException notPosix) {
        // Windows: the file keeps its default permissions
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // a first start is expected, not a fault: said at INFO, once
    log.info("No API token existed: an admin token (prefix {}) was written to {}. Use it as Authorization: Bearer <token>,"
        + " issue tokens for people with POST /api/v1/tokens, and keep the file secret.", issued.token().prefix(), file);
  }
}
