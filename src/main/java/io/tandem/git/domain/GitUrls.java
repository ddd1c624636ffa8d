package io.tandem.git.domain;

import io.tandem.common.error.TandemException;
import io.tandem.common.net.OutboundHost;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.git.GitProperties;
import io.tandem.sandbox.SandboxProperties;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * What the API accepts as a repository URL, branch and path inside a repository. A URL is parsed strictly, the way
 * Git itself tells them apart, before its scheme is held against the allow-list: {@code scheme://…}; {@code file:path};
 * scp-like {@code [user@]host:path} (a colon before any slash) is ssh; a path (no colon before the first slash) is a
 * folder on this server, so file. Anything else is refused.
 */
@Component
public class GitUrls {

  private static final Pattern SCHEME_URL = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*)://.*", Pattern.DOTALL);
  private static final Pattern FILE_URL = Pattern.compile("(?i)file:.*", Pattern.DOTALL);
  private static final Pattern SCP_LIKE = Pattern.compile("(?:[^@/:\\[\\]]+@)?(\\[[0-9A-Fa-f:.]+]|[^@/:\\[\\]]+):.*", Pattern.DOTALL);

  /** A repository URL as parsed: its scheme, and the host and port a connection goes to (null and 0 for file). */
  public record GitUrl(String url, String scheme, String host, int port) {}

  private final Set<String> allowedSchemes;
  private final OutboundPolicy outbound;
  private final GitSyntax git;

  /**
   * Without configured schemes, file is accepted only where the sandbox runs (a local run): a file: URL reads and
   * writes the server's own disk, which a deployment must not offer.
   */
  public GitUrls(GitProperties settings, SandboxProperties sandbox, OutboundPolicy outbound, GitSyntax git) {
    List<String> schemes = !settings.allowedSchemes().isEmpty() ? settings.allowedSchemes()
        : sandbox.enabled() ? List.of("https", "http", "ssh", "git", "file") : List.of("https", "http", "ssh", "git");
    this.allowedSchemes = schemes.stream()
        .map(scheme -> scheme.trim().toLowerCase(Locale.ROOT))
        .filter(scheme -> !scheme.isEmpty())
        .collect(Collectors.toSet());
    this.outbound = outbound;
    this.git = git;
  }

  /**
   * A repository URL of an allowed scheme and destination, without credentials in it (they go in
   * {@code credentials}).
   *
   * @throws TandemException {@code validation-failed} or {@code destination-not-allowed}, naming the field
   */
  public String require(String field, String url) {
    GitUrl parsed = parse(field, url);
    if (!allowedSchemes.contains(parsed.scheme())) {
      throw TandemException.validation("Field '" + field + "' uses '" + parsed.scheme() + "', which this server does not allow"
          + " (tandem.git.allowed-schemes: " + String.join(", ", allowedSchemes.stream().sorted().toList()) + ").");
    }
    if (parsed.host() != null) {
      outbound.requireAllowed(field, parsed.host(), parsed.port());
    }
    return parsed.url();
  }

  /** Parses a URL as described above, without looking at the allow-list. */
  GitUrl parse(String field, String url) {
    if (url == null || url.isBlank()) {
      throw TandemException.validation("Field '" + field + "' is required: the repository URL.");
    }
    String text = url.strip();
    if (text.chars().anyMatch(c -> Character.isISOControl(c))) {
      throw TandemException.validation("Field '" + field + "' contains a control character.");
    }
    GitSyntax.Remote remote = git.read(text).orElseThrow(() -> notAUrl(field)); // what Git makes of it must parse too
    if (remote.hasPassword()) {
      throw TandemException.validation("Field '" + field + "' must not contain a password; give it in 'credentials'.");
    }
    if (SCHEME_URL.matcher(text).matches()) {
      return schemeUrl(field, text);
    }
    if (FILE_URL.matcher(text).matches()) {
      return new GitUrl(text, "file", null, 0);
    }
    int colon = text.indexOf(':');
    int slash = text.indexOf('/');
    if (colon < 0 || (slash >= 0 && slash < colon)) {
      return new GitUrl(text, "file", null, 0); // a folder on this server, as Git reads it
    }
    // colon > 1: a drive letter (C:) is a Windows path; a host starting with '-' could be read as an option
    if (SCP_LIKE.matcher(text).matches() && remote.host() != null && colon > 1 && !remote.host().startsWith("-")) {
      return new GitUrl(text, "ssh", remote.host(), OutboundPolicy.defaultPort("ssh", remote.port()));
    }
    throw notAUrl(field);
  }

  private static GitUrl schemeUrl(String field, String text) {
    URI uri;
    try {
      uri = new URI(text);
    } catch (URISyntaxException e) {
      throw notAUrl(field);
    }
    String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
    if (scheme.equals("file")) {
      if (uri.getRawAuthority() != null && !uri.getRawAuthority().isEmpty()) {
        throw TandemException.validation("Field '" + field + "' names a host in a file: URL; file: URLs are folders on this server.");
      }
      return new GitUrl(text, scheme, null, 0);
    }
    String host = OutboundHost.of(field, uri);
    if (host.startsWith("-")) {
      throw TandemException.validation("Field '" + field + "' has no host.");
    }
    return new GitUrl(text, scheme, host, OutboundPolicy.defaultPort(scheme, uri.getPort()));
  }

  private static TandemException notAUrl(String field) {
    return TandemException.validation("Field '" + field + "' is not a repository URL (scheme://host/path, user@host:path or a"
        + " file: URL).");
  }

  public String branch(String branch) {
    if (branch.isBlank() || branch.startsWith("-") || !git.validBranch(branch)) {
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
