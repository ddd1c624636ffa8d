package io.tandem.git.domain;

import io.tandem.common.error.TandemException;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.transport.URIish;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/** What the API accepts as a repository URL, branch and path inside a repository. */
@Component
public class GitUrls {

  private final Set<String> allowedSchemes;

  /**
   * @param allowedSchemes the configured schemes; when unset, https, http, ssh and git, plus file where the sandbox
   *     runs (a local run): a file: URL reads and writes the server's own disk, which a deployment must not offer
   */
  GitUrls(@Value("${tandem.git.allowed-schemes:}") String allowedSchemes,
      @Value("${tandem.sandbox.enabled:true}") boolean localRun) {
    String schemes = !allowedSchemes.isBlank() ? allowedSchemes : localRun ? "https,http,ssh,git,file" : "https,http,ssh,git";
    this.allowedSchemes = Arrays.stream(schemes.split(","))
        .map(scheme -> scheme.trim().toLowerCase(Locale.ROOT))
        .filter(scheme -> !scheme.isEmpty())
        .collect(Collectors.toSet());
  }

  /** A repository URL of an allowed scheme, without credentials in it (they go in {@code credentials}). */
  public String require(String field, String url) {
    if (url == null || url.isBlank()) {
      throw TandemException.validation("Field '" + field + "' is required: the repository URL.");
    }
    URIish uri;
    try {
      uri = new URIish(url.strip());
    } catch (URISyntaxException e) {
      throw TandemException.validation("Field '" + field + "' is not a repository URL: " + e.getReason() + ".");
    }
    String scheme = uri.getScheme() == null ? "ssh" : uri.getScheme().toLowerCase(Locale.ROOT); // git@host:path is SSH
    if (!allowedSchemes.contains(scheme)) {
      throw TandemException.validation("Field '" + field + "' uses '" + scheme + "', which this server does not allow"
          + " (tandem.git.allowed-schemes: " + String.join(", ", allowedSchemes.stream().sorted().toList()) + ").");
    }
    if (uri.getPass() != null) {
      throw TandemException.validation("Field '" + field + "' must not contain a password; give it in 'credentials'.");
    }
    return url.strip();
  }

  public static String branch(String branch) {
    if (branch.isBlank() || branch.startsWith("-") || !Repository.isValidRefName("refs/heads/" + branch)) {
      throw TandemException.validation("Field 'branch' is not a valid branch name: '" + branch + "'.");
    }
    return branch;
  }

  /** A relative path inside a repository, without leading or trailing slashes; "" for the root. */
  public static String pathPrefix(String path) {
    String trimmed = path.strip().replaceAll("^/+|/+$", "");
    if (trimmed.isEmpty()) {
      return "";
    }
    for (String segment : trimmed.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..") || segment.equals(".git")
          || segment.chars().anyMatch(c -> c < 0x20 || c == '\\')) {
        throw TandemException.validation("'" + path + "' is not a path inside a repository.");
      }
    }
    return trimmed;
  }
}
