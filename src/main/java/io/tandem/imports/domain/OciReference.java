package io.tandem.imports.domain;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An {@code oci://} chart reference: {@code oci://host[:port]/path/name}, then {@code :tag} (the chart's version,
 * {@code +} written {@code _}) or {@code @sha256:…}, or neither (the newest version).
 */
public record OciReference(String host, String repository, String tag, String digest) {

  private static final Pattern OCI = Pattern.compile("^oci://([A-Za-z0-9.-]+(?::[0-9]+)?)/([a-z0-9]+(?:(?:[._-]|__|/)[a-z0-9]+)*)"
      + "(?::([A-Za-z0-9_][A-Za-z0-9_.-]{0,127})|@(sha256:[a-f0-9]{64}))?$");

  public static Optional<OciReference> parse(String reference) {
    Matcher matcher = OCI.matcher(reference.strip());
    return matcher.matches()
        ? Optional.of(new OciReference(matcher.group(1), matcher.group(2), matcher.group(3), matcher.group(4)))
        : Optional.empty();
  }

  /** The reference without tag or digest. */
  public String location() {
    return "oci://" + host + "/" + repository;
  }
}
