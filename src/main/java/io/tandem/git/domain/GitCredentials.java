package io.tandem.git.domain;

import io.tandem.common.error.TandemException;
import java.util.Map;

/**
 * How to authenticate to a Git remote over HTTPS: a token (sent as the password; {@code username} defaults to
 * {@code x-access-token}, which GitHub accepts; GitLab wants {@code oauth2}), or a username and password. Never
 * returned by the API and never logged.
 */
public record GitCredentials(String username, String password, String token) {

  public static final GitCredentials NONE = new GitCredentials(null, null, null);

  public GitCredentials {
    if (token != null && password != null) {
      throw TandemException.validation("Give either credentials.token or credentials.password, not both.");
    }
    if (password != null && (username == null || username.isBlank())) {
      throw TandemException.validation("credentials.password needs credentials.username.");
    }
  }

  /** The credentials as they were written out (a JSON object of their fields), read back. */
  public static GitCredentials of(Map<String, Object> fields) {
    return new GitCredentials((String) fields.get("username"), (String) fields.get("password"),
        (String) fields.get("token"));
  }

  public boolean present() {
    return token != null || password != null;
  }

  /** {@code token}, {@code password} or {@code none}: all the API says about them. */
  public String kind() {
    return token != null ? "token" : password != null ? "password" : "none";
  }

  @Override
  public String toString() {
    return "GitCredentials[" + kind() + ", redacted]";
  }
}
