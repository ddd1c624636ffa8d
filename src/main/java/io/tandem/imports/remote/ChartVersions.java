package io.tandem.imports.remote;

import java.math.BigInteger;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Chart versions as SemVer 2: which is the newest release (pre-releases left out, as Helm does). */
final class ChartVersions {

  private static final Pattern SEMVER =
      Pattern.compile("^v?(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$");

  private ChartVersions() {}

  /** The newest of the versions that are releases (no pre-release part); versions that are not SemVer are ignored. */
  static Optional<String> newest(List<String> versions) {
    return versions.stream().filter(ChartVersions::isRelease).max(Comparator.comparing(ChartVersions::core,
        Comparator.<BigInteger[], BigInteger>comparing(core -> core[0]).thenComparing(core -> core[1]).thenComparing(core -> core[2])));
  }

  /** Whether the text is a SemVer version (a release or a pre-release). */
  static boolean isVersion(String version) {
    return SEMVER.matcher(version).matches();
  }

  private static boolean isRelease(String version) {
    Matcher matcher = SEMVER.matcher(version);
    return matcher.matches() && matcher.group(4) == null;
  }

  private static BigInteger[] core(String version) {
    Matcher matcher = SEMVER.matcher(version);
    if (!matcher.matches()) {
      throw new IllegalArgumentException(version);
    }
    return new BigInteger[] {new BigInteger(matcher.group(1)), new BigInteger(matcher.group(2)), new BigInteger(matcher.group(3))};
  }
}
