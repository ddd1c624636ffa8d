package io.tandem.security.persistence;

import io.tandem.security.domain.SecurityVersion;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The row of {@code security_change}, which database triggers bump on every change to a token or a role. */
@Repository
class JdbcSecurityVersion implements SecurityVersion {

  private final JdbcClient jdbc;

  JdbcSecurityVersion(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public long current() {
    return jdbc.sql("select version from security_change where id = 1").query(Long.class).single();
  }
}
