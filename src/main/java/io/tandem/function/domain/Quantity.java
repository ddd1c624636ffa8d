package io.tandem.function.domain;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes resource quantity ({@code 100m}, {@code 1.5}, {@code 256Mi}, {@code 1G}): its exact value, and
 * whether it was written with a binary suffix. Results are written in Kubernetes' canonical form: the largest suffix
 * of the same family that keeps the number whole ({@code 500m × 2 = 1}, {@code 200Mi × 2 = 400Mi}).
 */
public record Quantity(BigDecimal value, boolean binary) implements Comparable<Quantity> {

  private static final Pattern SYNTAX = Pattern.compile("^([+-]?(?:\\d+\\.?\\d*|\\.\\d+))(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\\d+)?$");
  private static final Map<String, BigDecimal> BINARY = new LinkedHashMap<>();
  private static final Map<String, BigDecimal> DECIMAL = new LinkedHashMap<>();

  static {
    String[] binary = {"Ei", "Pi", "Ti", "Gi", "Mi", "Ki"};
    for (int i = 0; i < binary.length; i++) {
      BINARY.put(binary[i], new BigDecimal(BigInteger.valueOf(1024).pow(binary.length - i)));
    }
    String[] decimal = {"E", "P", "T", "G", "M", "k", "", "m", "u", "n"};
    for (int i = 0; i < decimal.length; i++) {
      DECIMAL.put(decimal[i], BigDecimal.ONE.scaleByPowerOfTen(3 * (6 - i)));
    }
  }

  /**
   * The quantity {@code text} writes, surrounding whitespace ignored.
   *
   * @throws IllegalArgumentException when {@code text} is not a quantity
   */
  public static Quantity parse(String text) {
    Matcher matcher = SYNTAX.matcher(text == null ? "" : text.trim());
    if (!matcher.matches()) {
      throw new IllegalArgumentException("not a quantity: " + text);
    }
    BigDecimal number = new BigDecimal(matcher.group(1));
    String suffix = matcher.group(2) == null ? "" : matcher.group(2);
    if (BINARY.containsKey(suffix)) {
      return new Quantity(number.multiply(BINARY.get(suffix)), true);
    }
    if (DECIMAL.containsKey(suffix)) {
      return new Quantity(number.multiply(DECIMAL.get(suffix)), false);
    }
    return new Quantity(number.scaleByPowerOfTen(Integer.parseInt(suffix.substring(1))), false);
  }

  /** A quantity as YAML holds it: a string, or a plain number ({@code cpu: 1}). */
  public static Quantity of(Object value) {
    return value == null ? null : parse(value.toString());
  }

  public Quantity times(int factor) {
    return new Quantity(value.multiply(BigDecimal.valueOf(factor)), binary);
  }

  @Override
  public int compareTo(Quantity other) {
    return value.compareTo(other.value);
  }

  /** The canonical text. */
  @Override
  public String toString() {
    if (value.signum() == 0) {
      return "0";
    }
    if (binary) {
      for (Map.Entry<String, BigDecimal> suffix : BINARY.entrySet()) {
        if (isWhole(value.divide(suffix.getValue()))) {
          return plain(value.divide(suffix.getValue())) + suffix.getKey();
        }
      }
    }
    for (Map.Entry<String, BigDecimal> suffix : DECIMAL.entrySet()) {
      BigDecimal scaled = value.divide(suffix.getValue());
      if (isWhole(scaled)) {
        return plain(scaled) + suffix.getKey();
      }
    }
    return value.stripTrailingZeros().toPlainString();
  }

  private static boolean isWhole(BigDecimal number) {
    return number.signum() == 0 || number.stripTrailingZeros().scale() <= 0;
  }

  private static String plain(BigDecimal number) {
    return number.stripTrailingZeros().toPlainString();
  }
}
